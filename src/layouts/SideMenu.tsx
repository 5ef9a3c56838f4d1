import { Menu } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
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
  // Built once per menu and language, not on every tab opened or switched: new item objects make
  // antd's Menu parse and render the whole tree again, and opening a screen waits for that.
  const { menu } = workspace;
  const texts = i18n.revision;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `texts` changes when the language or its texts do
  const items = useMemo(() => toItems(menu, (k, f) => i18n.t(k, f)), [menu, texts, i18n]);
  return (
    <Menu
      mode="inline"
      theme="dark"
      selectedKeys={active ? [active.key] : []}
      items={items}
      onClick={(e) => {
        if (e.key.startsWith('/')) navigate(e.key);
      }}
      data-testid="side-menu"
    />
  );
});
