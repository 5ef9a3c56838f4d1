import { observer } from 'mobx-react-lite';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { menuTrail } from '../stores/menu/menu-trail.ts';
import type { Tab } from '../stores/tabs/tab.ts';
import { useStores } from '../StoreContext.ts';

/**
 * The header every screen gets from the shell (issue 18): the breadcrumb from the menu, the page
 * title as the page's one `h1`, and for a document its number and status (what the screen
 * reported through `setPageInfo`). A plain nav and list rather than antd's Breadcrumb: it is on
 * every first paint.
 */
export const PageHeader = observer(function PageHeader({ tab }: { tab: Tab }) {
  const { workspace, i18n } = useStores();
  const navigate = useNavigate();
  const leaf = tab.path === '/workplace' ? undefined : workspace.menuEntryFor(tab.path);
  const trail = leaf ? menuTrail(workspace.menu, leaf.id) : [];
  const title = i18n.label(tab.title);
  const info = workspace.pageInfo.get(tab.key);
  // A plain click opens the page in this app's tabs; Ctrl-, Shift- or middle-click is the browser's (a new tab).
  const follow = (path: string) => (e: MouseEvent) => {
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(path);
  };
  return (
    <header className="page-header" data-testid="page-header">
      {trail.length > 0 && (
        <nav aria-label={i18n.t('hzero.common.title.breadcrumb', 'Breadcrumb')} className="page-breadcrumb">
          <ol>
            {trail.map((m) => (
              <li key={m.id}>
                {m.path && m.path !== tab.path ? (
                  <a href={m.path} onClick={follow(m.path)}>
                    {i18n.t(m.name, m.title)}
                  </a>
                ) : (
                  <span aria-current={m.path === tab.path ? 'page' : undefined}>{i18n.t(m.name, m.title)}</span>
                )}
              </li>
            ))}
            {leaf && leaf.path !== tab.path && (
              <li>
                <span aria-current="page">{title}</span>
              </li>
            )}
          </ol>
        </nav>
      )}
      <div className="page-title-row">
        <h1 className="page-title">{title}</h1>
        {info?.number && (
          <span className="page-number" data-testid="page-number">
            {info.number}
          </span>
        )}
        {info?.status && (
          <span className="page-status" data-testid="page-status">
            {info.status}
          </span>
        )}
      </div>
    </header>
  );
});
