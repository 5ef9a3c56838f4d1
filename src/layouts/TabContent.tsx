import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { RendererContext } from '../../renderer/runtime/services.ts';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import { ExceptionPage } from '../exception/ExceptionPage.tsx';
import { rendererServices } from '../renderer-services.ts';
import { loadWithTimeout } from '../routes/load-with-timeout.ts';
import { screenFor } from '../routes/screen-routes.ts';
import { useStores } from '../StoreContext.ts';
import type { Tab } from '../stores/tabs/tab.ts';
import { Workplace } from '../workplace/Workplace.tsx';

/**
 * The page of one tab. Every open tab stays mounted (hidden when inactive), so switching tabs
 * keeps each page's state; closing the tab disposes it.
 */
export const TabContent = observer(function TabContent({ tab }: { tab: Tab }) {
  const root = useStores();
  const navigate = useNavigate();
  const services = useMemo(
    () => rendererServices(root, (p) => navigate(p), tab.key),
    // Rebuilt when the language changes so texts and LOV caches follow it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [root, navigate, tab.key, root.i18n.language],
  );
  const path = tab.path;
  if (path === '/workplace') return <Workplace services={services} />;
  const ex = /^\/exception\/([^/]+)$/.exec(path);
  if (ex) return <ExceptionPage type={ex[1]} />;
  const hit = screenFor(path);
  if (!hit) return <ExceptionPage type="404" />;
  const route = root.workspace.routerData.find((r) => hit.entry.routes.includes(r.path));
  if (route && !route.authorized && !root.user.siteMode && !root.workspace.menuEntryFor(path) && !path.startsWith('/pub/')) {
    return <ExceptionPage type="403" />;
  }
  return (
    <RendererContext.Provider value={services}>
      <ScreenHost key={path} file={hit.entry.file} load={loadWithTimeout(hit.entry.load, hit.entry.file)} params={hit.params} />
    </RendererContext.Provider>
  );
});
