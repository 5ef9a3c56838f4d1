import { ConfigProvider } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef } from 'react';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ExceptionPage } from './exception/ExceptionPage.tsx';
import { DefaultLayout } from './layouts/DefaultLayout.tsx';
import { PublicLayout } from './layouts/PublicLayout.tsx';
import { screenRouteData, screensLoaded } from './routes/screen-routes.ts';
import { StoreContext, useStores } from './StoreContext.ts';
import type { RootStore } from './stores/RootStore.ts';
import { density } from './stores/density.ts';
import { reducedMotion } from './stores/reduced-motion.ts';
import { themeMode } from './stores/theme-mode.ts';
import { themeConfig } from './theme.ts';
import './theme.css';

/** Page start of §4: nothing until authorised; a failed user load goes to /exception/500. */
const Start = observer(function Start() {
  const root = useStores();
  const navigate = useNavigate();
  // `navigate` changes identity on every location change; the start must run once per page load.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    const isPublic = window.location.pathname.startsWith('/pub/') || window.location.pathname.startsWith('/exception/');
    void root.start(screensLoaded.then(screenRouteData), () => navigateRef.current('/exception/500', { replace: true }), { requireLogin: !isPublic });
  }, [root]);
  if (root.state === 'exception') return <ExceptionPage type="500" />;
  if (root.state !== 'authorised') return null;
  return (
    <Routes>
      <Route path="/pub/*" element={<PublicLayout />} />
      <Route path="*" element={<DefaultLayout />} />
    </Routes>
  );
});

export const App = observer(function App({ root }: { root: RootStore }) {
  const userId = root.user.currentUser?.id;
  useEffect(() => {
    density.forUser(userId);
    themeMode.forUser(userId);
  }, [userId]);
  // One object per choice, so the theme (and every themed component) changes only when one does.
  const compact = density.compact;
  const dark = themeMode.dark;
  const still = reducedMotion.reduce;
  const theme = useMemo(() => themeConfig(dark, compact, still), [dark, compact, still]);
  // Our own CSS (theme.css) follows the same choice; on the root, so dialogs and popups outside the app's tree do too.
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <StoreContext.Provider value={root}>
      <ConfigProvider locale={root.i18n.antdLocale} theme={theme} modal={{}}>
        {/* No antd <App>: nothing uses its hooks, and it would pull Modal (and Skeleton) into every first paint. */}
        {/* Route changes render at once, not as transitions: opening a tab is what the person
            clicked for, and a transition's render waited for the scheduler (8-40 ms measured
            between the click and the layout's render) and then yielded every few ms. */}
        <BrowserRouter useTransitions={false}>
          <Routes>
            <Route path="*" element={<Start />} />
          </Routes>
        </BrowserRouter>
      </ConfigProvider>
    </StoreContext.Provider>
  );
});
