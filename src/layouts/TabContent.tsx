import { LightSpin } from '../../renderer/pages/light/LightSpin.tsx';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { RendererContext } from '../../renderer/runtime/services.ts';
import { ExceptionPage } from '../exception/ExceptionPage.tsx';
import { rendererServices } from '../renderer-services.ts';
import { LiveScreenHost } from '../routes/LiveScreenHost.tsx';
import { loadWithTimeout, startNow } from '../routes/load-with-timeout.ts';
import { preloadScreen } from '../routes/preload-screen.ts';
import { screenFor } from '../routes/screen-routes.ts';
import { storedRoutes } from '../routes/stored-routes.ts';
import { useStores } from '../StoreContext.ts';
import type { Tab } from '../stores/tabs/tab.ts';
import { Workplace } from '../workplace/Workplace.tsx';
// Custom screens (kind "custom") by name; each loads as its own chunk when first opened.
import '../custom/register.ts';

/**
 * The page of one tab. Every open tab stays mounted (hidden when inactive), so switching tabs
 * keeps each page's state; closing the tab disposes it.
 */
export const TabContent = observer(function TabContent({ tab }: { tab: Tab }) {
  const root = useStores();
  const navigate = useNavigate();
  // `navigate` changes identity on every location change; a new services object would make every
  // open page reload its schema and data, so the services hold a ref to it instead.
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const services = useMemo(
    () => rendererServices(root, (p) => navigateRef.current(p), tab.key),
    // Rebuilt when the language changes so texts and LOV caches follow it, and when the user's
    // date format or time zone does, so dates follow them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [root, tab.key, root.i18n.language, root.user.currentUser?.dateFormat, root.user.currentUser?.timeZone],
  );
  const path = tab.path;
  const hit = useMemo(() => screenFor(path), [path]);
  // One loader per route, so a re-render never makes the page load its schema again; the schema
  // is asked for as the tab first renders, and the page's code and entities with it.
  const load = useMemo(() => {
    if (!hit) return undefined;
    preloadScreen(hit.entry);
    return startNow(loadWithTimeout(hit.entry.load, hit.entry.file));
  }, [hit]);
  // Stored pages are looked up once signed in (exception pages also render without a user).
  const signedIn = !!root.user.currentUser;
  const tenantId = root.user.tenantId;
  useEffect(() => {
    if (signedIn) storedRoutes.ensure(tenantId, root.notices);
  }, [signedIn, tenantId, root]);
  if (path === '/workplace') return <Workplace services={services} />;
  const ex = /^\/exception\/([^/]+)$/.exec(path);
  if (ex) return <ExceptionPage type={ex[1]} />;
  // A published stored page of the tenant (or the site) overrides the route's file schema.
  if (signedIn && !storedRoutes.ready) return <LightSpin label={root.i18n.t('hzero.common.message.loading', 'Loading')} />;
  const stored = signedIn ? storedRoutes.match(path, hit?.entry.load) : undefined;
  if (!hit && !stored) return <ExceptionPage type="404" />;
  const route = hit && root.workspace.routerData.find((r) => hit.entry.routes.includes(r.path));
  // A route only a stored page serves is opened through a menu entry, like any unauthorised route.
  const guarded = hit ? !!route && !route.authorized : true;
  if (guarded && !root.user.siteMode && !root.workspace.menuEntryFor(path) && !path.startsWith('/pub/')) {
    return <ExceptionPage type="403" />;
  }
  return (
    <RendererContext.Provider value={services}>
      {/* A publish heard while the tab is open changes the source: the tab follows it (LiveScreenHost). */}
      <LiveScreenHost
        source={
          stored
            ? { key: `${path}@${stored.pageCode}#${stored.generation}`, file: `ui-page ${stored.pageCode}`, load: stored.load, params: stored.params, route: stored.route }
            : { key: path, file: hit!.entry.file, load: load!, params: hit!.params, route: hit!.route }
        }
        canReplace={() => root.workspace.closesQuietly(tab.key)}
      />
    </RendererContext.Provider>
  );
});
