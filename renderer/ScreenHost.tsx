import { Component, type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { DialogHost } from './dialogs/DialogHost.tsx';
import { LazyLoadFailedPanel as LoadFailedPanel, LazySchemaErrorPanel as SchemaErrorPanel } from './errors/lazy-panels.tsx';
import type { SchemaProblem } from './errors/SchemaErrorPanel.tsx';
import { LightSpin } from './pages/light/LightSpin.tsx';
import { MatchedRoute } from './pages/screen-route.ts';
import type { PageProps } from './contracts/pages.ts';
import { useServices } from './runtime/services.ts';
import { basicProblems, parseScreenText } from './schema/parse-screen.ts';
import type { Screen } from './schema/screen.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; screen: Screen; Page: ComponentType<PageProps> }
  | { status: 'error'; problems: SchemaProblem[] }
  | { status: 'failed'; message: string };

/** Fetching failed (network, timeout), as opposed to a schema that arrived and is wrong. */
class LoadFailure extends Error {}

class RenderBoundary extends Component<{ file: string; children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    if (this.state.error) return <SchemaErrorPanel file={this.props.file} title="This screen failed while rendering" problems={[{ path: '', message: this.state.error.message }]} />;
    return this.props.children;
  }
}

/**
 * Renders one screen from its schema: text → JSON → checks → the page kind's component. Any
 * problem becomes an error panel naming the file and JSON path; the rest of the app keeps working.
 */
export function ScreenHost({ file, load, screen: given, params, route, onDone, onReady }: { file: string; load?: () => Promise<string>; screen?: Screen; params: Record<string, string>; route?: string; onDone?: PageProps['onDone']; onReady?(): void }) {
  const services = useServices();
  const { pageKinds } = services.registries;
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    (async (): Promise<State> => {
      let screen = given;
      if (!screen) {
        const text = await load!().catch((e: unknown) => Promise.reject(new LoadFailure((e as Error).message)));
        const parsed = parseScreenText(text);
        if (!parsed.screen) return { status: 'error', problems: parsed.problems };
        screen = parsed.screen;
      }
      const problems = basicProblems(screen, (k) => pageKinds.has(k));
      if (problems.length) return { status: 'error', problems };
      const Page = (await pageKinds.resolve(screen.kind).catch((e: unknown) => Promise.reject(new LoadFailure((e as Error).message)))) as ComponentType<PageProps>;
      return { status: 'ready', screen, Page };
    })().then(
      (s) => live && setState(s),
      (e: unknown) =>
        live && setState(e instanceof LoadFailure ? { status: 'failed', message: e.message } : { status: 'error', problems: [{ path: '', message: (e as Error).message }] }),
    );
    return () => {
      live = false;
    };
  }, [file, load, given, attempt, pageKinds]);
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) onReady?.();
  }, [ready, onReady]);
  // Plain markup, not antd's Spin or Typography: this host renders the first screen, and every chunk it imports is one more the sign-in waits for.
  if (state.status === 'loading') return <LightSpin label={services.t('hzero.common.message.loading', 'Loading')} />;
  if (state.status === 'failed') return <LoadFailedPanel message={state.message} onRetry={() => {
          setState({ status: 'loading' });
          setAttempt((n) => n + 1);
        }} />;
  if (state.status === 'error') return <SchemaErrorPanel file={file} problems={state.problems} />;
  const { Page, screen } = state;
  return (
    <RenderBoundary file={file}>
      <MatchedRoute.Provider value={route}>
        {/* The screen's dialogs render here, in the tab's tree (theme, locale, services). */}
        <DialogHost>
          {/* What the screen is for (records only, not a live cluster…), above it; not in dialogs. */}
          {screen.description && !onDone && (
            <p className="screen-description" data-testid="screen-description">
              {services.label(screen.description)}
            </p>
          )}
          <Page screen={screen} params={params} file={file} onDone={onDone} />
        </DialogHost>
      </MatchedRoute.Provider>
    </RenderBoundary>
  );
}
