import { SearchOutlined } from '@ant-design/icons';
import { Dropdown, Input } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../StoreContext.ts';

/** Searches the translated titles (and paths) of the menu's leaves (`menuLeafNode`, §3) and opens the pick. */
export const MenuSearchBox = observer(function MenuSearchBox({ onDone }: { onDone(): void }) {
  const { workspace, i18n } = useStores();
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const hits = needle ? workspace.menuLeafNode.filter((l) => l.title.toLowerCase().includes(needle) || l.path.includes(needle)).slice(0, 20) : [];
  const open = (path: string) => {
    setQ('');
    onDone();
    navigate(path);
  };
  return (
    <Dropdown open={hits.length > 0} menu={{ items: hits.map((l) => ({ key: l.path, label: l.title })), onClick: ({ key }) => open(key) }}>
      <Input
        style={{ width: 260 }}
        value={q}
        allowClear
        prefix={<SearchOutlined />}
        placeholder={`${i18n.t('hzero.common.header.menuSearch', 'Search menus')} (Ctrl+K)`}
        aria-label={i18n.t('hzero.common.header.menuSearch', 'Search menus')}
        onChange={(e) => setQ(e.target.value)}
        onPressEnter={() => hits[0] && open(hits[0].path)}
        onKeyDown={(e) => e.key === 'Escape' && (setQ(''), onDone())}
        onBlur={() => !q && onDone()}
        autoFocus
        data-testid="menu-search-input"
      />
    </Dropdown>
  );
});
