import { Alert, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { fillUrl } from '../../../renderer/data/url-template.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { type StoredPage, storedRoutes } from '../../routes/stored-routes.ts';
import { platformCalls } from '../../../renderer/schema/wire/platform-calls.ts';
import { pageDesignerCalls } from '../../../renderer/schema/wire/page-designer-calls.ts';

interface Props {
  params: Record<string, string>;
  screen: Screen;
  /** `published`: what users get (common/:pageCode); `preview`: the stored draft. */
  mode: 'published' | 'preview';
}

/** Route parameters of the stored page (a detail's id) come from the query string: `?id=5`. */
const queryParams = () => Object.fromEntries(new URLSearchParams(window.location.search));

/**
 * A stored page inside the normal shell: `common/:pageCode` renders the tenant's (or the site's)
 * published page, `preview/:pageCode` the draft exactly as users will see it (overlay applied).
 */
export default observer(function UiPageView(props: Record<string, unknown>) {
  const { params, screen, mode } = props as unknown as Props;
  const s = useServices();
  const pageCode = params.pageCode ?? '';
  const [page, setPage] = useState<StoredPage | null>(null);
  // A publish or rollback of this page heard while it is open loads it again (stored-routes.ts).
  const generation = storedRoutes.generation(pageCode);
  const load = useMemo(
    () => async () => {
      // Through the host's services: the shell's request layer, or Storybook's data source.
      const url = mode === 'published' ? fillUrl(platformCalls.uiPagePublished.url, { tenantId: s.user.tenantId, pageCode }) : fillUrl(pageDesignerCalls.preview.url, { ...s.user, pageCode }, { siteMode: s.siteMode });
      const p = await s.request<StoredPage>(url, { silent: true });
      setPage(p);
      return p.content;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mode, pageCode, s, generation],
  );
  const inner = useMemo(() => ({ ...queryParams(), ...params }), [params]);
  return (
    <div data-screen={screen.route} data-testid={`ui-page-${mode}`}>
      {mode === 'preview' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={
            <span>
              {s.t('hpfm.uiPage.preview.title', 'Preview')} <b>{pageCode}</b> {page && <Tag>v{page.versionNumber}</Tag>} {page && <Tag>{page.pageLevel}</Tag>}
            </span>
          }
        />
      )}
      <ScreenHost key={generation} file={`ui-page ${pageCode}`} load={load} params={inner} />
    </div>
  );
});
