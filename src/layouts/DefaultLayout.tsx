import { Layout, Tabs } from 'antd';
import { observer } from 'mobx-react-lite';
import { type ComponentType, lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { reportPageView } from '../routes/page-view.ts';
import { afterPrefetch, firstScreenShown } from '../routes/prefetch.ts';
import { useStores } from '../StoreContext.ts';
import { HeaderBar } from './HeaderBar.tsx';
import { PageHeader } from './PageHeader.tsx';
import { useTabBarA11y } from './tab-bar-a11y.ts';
import { useDialogFocusWrap } from './dialog-focus-wrap.ts';
import { SideMenu } from './SideMenu.tsx';
import { TabContent } from './TabContent.tsx';
import './layout.css';

// Loaded after the first screen, with the chunks it shares (see StyleKeeper.tsx). Only a speed-up:
// if its chunk cannot be fetched (the server away), nothing is kept, and the layout stays up.
const StyleKeeper = lazy((): Promise<{ default: ComponentType }> => import('./StyleKeeper.tsx').catch(() => ({ default: () => null })));

const tabLabel = (title: string, number: string | undefined) => (number ? `${title} · ${number}` : title);

/** The signed-in layout: menu, header, tabs; the router's location drives which tab is active. */
export const DefaultLayout = observer(function DefaultLayout() {
  const { workspace, i18n } = useStores();
  const location = useLocation();
  const navigate = useNavigate();

  // Before the frame is painted: opening a path renders its tab (which asks for the screen's
  // schema) in the same task as the route change, not after a paint of the old tab a frame or more later.
  useLayoutEffect(() => {
    const path = location.pathname === '/' ? '/workplace' : location.pathname;
    if (location.pathname === '/') navigate('/workplace', { replace: true });
    workspace.openPath(path, location.search);
    reportPageView(path, document.title);
  }, [location.pathname, location.search, workspace, navigate]);

  // The home tab reports its first paint itself; a session that starts on another screen
  // prefetches a little later instead.
  useEffect(() => {
    const timer = setTimeout(firstScreenShown, 4000);
    return () => clearTimeout(timer);
  }, []);

  // antd's form and table styles, built once the browser is idle instead of by the first form opened.
  const [keepStyles, setKeepStyles] = useState(false);
  useEffect(() => afterPrefetch(() => setKeepStyles(true)), []);

  const tabsRef = useTabBarA11y();
  useDialogFocusWrap();
  const go = (key: string | undefined) => {
    const t = workspace.tabs.find((x) => x.key === key);
    if (t) navigate(`${t.path}${t.search}`);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={workspace.collapsed} trigger={null} width={220}>
        <div className="brand">{workspace.collapsed ? 'SRM' : 'SRM Back Office'}</div>
        <SideMenu />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="app-header">
          <HeaderBar />
        </Layout.Header>
        <Layout.Content className="app-content" ref={tabsRef}>
          <Tabs
            type="editable-card"
            hideAdd
            size="small"
            activeKey={workspace.activeTabKey}
            onChange={go}
            onEdit={async (key, action) => {
              if (action !== 'remove') return;
              const next = await workspace.removeTab(String(key));
              if (next) navigate(`${next.path}${next.search}`);
            }}
            items={workspace.tabs.map((t) => ({
              key: t.key,
              // A document's tab says which one it is: two open orders are told apart by their numbers.
              label: <span data-tab={t.key}>{tabLabel(i18n.label(t.title), workspace.pageInfo.get(t.key)?.number)}</span>,
              closable: t.closable,
              forceRender: false,
              children: (
                <div className="tab-page" data-tab-page={t.key}>
                  <PageHeader tab={t} />
                  <TabContent tab={t} />
                </div>
              ),
            }))}
            data-testid="workspace-tabs"
          />
        </Layout.Content>
      </Layout>
      {keepStyles && (
        <Suspense fallback={null}>
          <StyleKeeper />
        </Suspense>
      )}
    </Layout>
  );
});
