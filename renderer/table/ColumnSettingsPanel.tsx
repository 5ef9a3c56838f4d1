import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Drawer, Segmented } from 'antd';
import { observer } from 'mobx-react-lite';
import { useServices } from '../runtime/services.ts';
import { displayOrder, moveColumn, pinOf, type PinSide, setHidden, setPinned } from './column-settings.ts';
import type { TableSettingsStore } from './table-settings-store.ts';

/**
 * The column panel: show or hide each column, move it up or down within its group (left pins,
 * the rest, right pins), pin it left or right, or go back to the schema's columns. Every change
 * goes through the store, which saves it for the user and this screen.
 */
const ColumnSettingsPanel = observer(function ColumnSettingsPanel({ store, open, onClose }: { store: TableSettingsStore; open: boolean; onClose(): void }) {
  const s = useServices();
  const settings = store.settings;
  const byField = new Map(store.columns.map((c) => [c.field, c]));
  const order = displayOrder(settings);
  const pinLabels: Record<PinSide | 'none', string> = {
    left: s.t('hzero.common.table.pinLeft', 'Pin left'),
    none: s.t('hzero.common.table.unpin', 'Unpin'),
    right: s.t('hzero.common.table.pinRight', 'Pin right'),
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={s.t('hzero.common.table.columnSettings', 'Columns')}
      extra={
        <Button onClick={() => void store.reset()} disabled={store.isDefault} data-testid="column-settings-reset">
          {s.t('hzero.common.table.resetColumns', 'Reset to default')}
        </Button>
      }
    >
      <div data-testid="column-settings" role="list">
        {order.map((field) => {
          const c = byField.get(field);
          if (!c) return null;
          const label = s.label(c.label);
          const pin = pinOf(settings, field);
          const group = order.filter((f) => pinOf(settings, f) === pin);
          return (
            <div key={field} role="listitem" data-column-setting={field} className="dt-settings-row">
              <Checkbox
                checked={!settings.hidden.includes(field)}
                aria-label={`${s.t('hzero.common.table.show', 'Show')} ${label}`}
                onChange={(e) => void store.change(setHidden(settings, field, !e.target.checked))}
              >
                {label}
              </Checkbox>
              <span className="dt-settings-tools">
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={s.t('hzero.common.table.moveUp', 'Move up')} data-action="up" disabled={group[0] === field} onClick={() => void store.change(moveColumn(settings, field, -1))} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={s.t('hzero.common.table.moveDown', 'Move down')} data-action="down" disabled={group.at(-1) === field} onClick={() => void store.change(moveColumn(settings, field, 1))} />
                <Segmented
                  size="small"
                  value={pin ?? 'none'}
                  options={(['left', 'none', 'right'] as const).map((v) => ({ value: v, label: <span data-pin={v}>{pinLabels[v]}</span> }))}
                  onChange={(v) => void store.change(setPinned(settings, field, v === 'none' ? null : (v as PinSide)))}
                />
              </span>
            </div>
          );
        })}
      </div>
    </Drawer>
  );
});

export default ColumnSettingsPanel;
