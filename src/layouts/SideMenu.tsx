import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import type { MenuItem } from '../stores/menu/menu-types.ts';
import { useStores } from '../StoreContext.ts';

function toItems(items: MenuItem[], t: (k: string, f: string) => string): ItemType[] {
  return items.map((m) =>
    m.children.length ? { key: `dir:${m.id}`, label: t(m.name, m.title), children: toItems(m.children, t) } : { key: m.path || `leaf:${m.id}`, label: t(m.name, m.title), 'data-menu': m.name } as ItemType,
  );
}

/** The role's menu tree; a leaf opens its page in a tab. */
export const SideMenu = observer(function SideMenu() {
  const { workspace, i18n } = useStores();
  const navigate = useNavigate();
  const active = workspace.activeTab;
  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={active ? [active.key] : []}
      items={toItems(workspace.menu, (k, f) => i18n.t(k, f))}
      onClick={(e) => {
        if (e.key.startsWith('/')) navigate(e.key);
      }}
      data-testid="side-menu"
    />
  );
});
