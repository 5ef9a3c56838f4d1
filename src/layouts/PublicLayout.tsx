import { Layout } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { RendererContext } from '../../renderer/runtime/services.ts';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import { ExceptionPage } from '../exception/ExceptionPage.tsx';
import { rendererServices } from '../renderer-services.ts';
import { screenFor } from '../routes/screen-routes.ts';
import { useStores } from '../StoreContext.ts';

/** `{pub}` pages: no menu and no tabs, reachable from outside (§2.1). */
export const PublicLayout = observer(function PublicLayout() {
  const root = useStores();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const services = useMemo(() => rendererServices(root, (p) => navigate(p)), [root, navigate]);
  const hit = screenFor(pathname);
  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }} data-layout="public">
      {hit ? (
        <RendererContext.Provider value={services}>
          <ScreenHost key={pathname} file={hit.entry.file} load={hit.entry.load} params={hit.params} route={hit.route} />
        </RendererContext.Provider>
      ) : (
        <ExceptionPage type="404" />
      )}
    </Layout>
  );
});
