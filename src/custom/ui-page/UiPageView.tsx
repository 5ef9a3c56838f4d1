import { Alert, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { fillUrl } from '../../../renderer/data/url-template.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { Screen } from '../../../renderer/schema/screen.ts';
import { fetchPublishedPage, type StoredPage } from '../../routes/stored-routes.ts';

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
export default function UiPageView(props: Record<string, unknown>) {
  const { params, screen, mode } = props as unknown as Props;
  const s = useServices();
  const pageCode = params.pageCode ?? '';
  const [page, setPage] = useState<StoredPage | null>(null);
  const load = useMemo(
    () => async () => {
      const p =
        mode === 'published'
          ? await fetchPublishedPage(s.user.tenantId, pageCode)
          : await s.request<StoredPage>(fillUrl('/hpfm/v1/[{tenantId}/]ui-pages/preview/{pageCode}', { ...s.user, pageCode }, { siteMode: s.siteMode }), { silent: true });
      setPage(p);
      return p.content;
    },
    [mode, pageCode, s],
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
      <ScreenHost file={`ui-page ${pageCode}`} load={load} params={inner} />
    </div>
  );
}
