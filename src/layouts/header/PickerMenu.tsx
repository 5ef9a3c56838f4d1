import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';

export interface PickerOption<V extends string | number> {
  value: V;
  label: string;
}

/**
 * A header switch (tenant, role, language) as a drop-down menu: the shell already loads antd's
 * Menu for the side menu, whereas a Select would add its own chunk to every first paint.
 */
export function PickerMenu<V extends string | number>({ testId, label, value, options, onChange, minWidth }: { testId: string; label: string; value: V | undefined; options: PickerOption<V>[]; onChange(v: V): void; minWidth?: number }) {
  const current = options.find((o) => o.value === value);
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: options.map((o) => ({ key: String(o.value), label: o.label })),
        selectable: true,
        selectedKeys: value === undefined ? [] : [String(value)],
        onClick: ({ key }) => {
          const picked = options.find((o) => String(o.value) === key);
          if (picked && picked.value !== value) onChange(picked.value);
        },
      }}
    >
      {/* The name starts with what the button shows (WCAG 2.5.3, label in name), then says what it switches. */}
      <Button aria-label={current ? `${current.label}, ${label}` : label} data-testid={testId} style={{ minWidth }}>
        {current?.label ?? ''} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
