import { SearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { LightSpin } from '../../../renderer/pages/light/LightSpin.tsx';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStores } from '../../StoreContext.ts';

// antd's Input carries the form machinery (@rc-component/form) with it: ~25 KB gzip that the first
// screen does not need. The box loads when the person starts a search.
const MenuSearchBox = lazy(() => import('./MenuSearchBox.tsx').then((m) => ({ default: m.MenuSearchBox })));

/** The menu search of the header: a button until used, then the search box (§3 `menuLeafNode`). */
export const MenuSearch = observer(function MenuSearch() {
  const { i18n } = useStores();
  const [active, setActive] = useState(false);
  // Ctrl+K (⌘K) opens the search from anywhere, as the label says.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setActive(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const label = `${i18n.t('hzero.common.header.menuSearch', 'Search menus')} (Ctrl+K)`;
  if (!active)
    return (
      <Button icon={<SearchOutlined />} style={{ width: 260, justifyContent: 'flex-start', color: 'var(--app-text-secondary)' }} onClick={() => setActive(true)} onFocus={() => setActive(true)} data-testid="menu-search">
        {label}
      </Button>
    );
  return (
    <Suspense fallback={<LightSpin size="small" label={i18n.t('hzero.common.message.loading', 'Loading')} style={{ width: 14, marginRight: 246 }} />}>
      <MenuSearchBox onDone={() => setActive(false)} />
    </Suspense>
  );
});
