import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';

// Rarely shown (a page updated under unsaved changes): loads when needed, not with the shell.
const PageUpdatedNotice = lazy(() => import('./PageUpdatedNotice.tsx'));

/** What a tab shows: a file schema or a stored page, `key` naming the version (see stored-routes.ts). */
export interface ScreenSource {
  key: string;
  file: string;
  load: () => Promise<string>;
  params: Record<string, string>;
  /** The route pattern it serves (pages read it for their own route). */
  route?: string;
}

/**
 * The screen of one tab, following what serves its route. When that changes while the tab is
 * open (a page was published, rolled back or unpublished), the new version replaces the page at
 * once, unless the page would lose unsaved changes (`canReplace` says no): then the page stays
 * and a notice offers the reload.
 */
export function LiveScreenHost({ source, canReplace }: { source: ScreenSource; canReplace: () => Promise<boolean> }) {
  const [held, setHeld] = useState(source);
  const [stale, setStale] = useState(false);
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  const changed = held.key !== source.key;
  useEffect(() => {
    if (!changed) return;
    let live = true;
    void canReplace().then((ok) => {
      if (!live) return;
      if (ok) {
        setHeld(latest.current);
        setStale(false);
      } else setStale(true);
    });
    return () => {
      live = false;
    };
    // Decided once per change of what serves the route, not on every render of the tab.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [changed, source.key]);
  // The same version: the latest props (parameters) as given; a newer one waits for the decision.
  const shown = changed ? held : source;
  return (
    <>
      {stale && changed && (
        <Suspense fallback={null}>
          <PageUpdatedNotice
            onReload={() => {
              setHeld(latest.current);
              setStale(false);
            }}
          />
        </Suspense>
      )}
      <ScreenHost key={shown.key} file={shown.file} load={shown.load} params={shown.params} route={shown.route} />
    </>
  );
}
