import { useEffect, useMemo, useState } from 'react';
import { SchemaError } from '../schema/schema-error.ts';

export type Prepared<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; path: string; message: string };

/**
 * Runs a page's asynchronous preparation once (load the entity, resolve fields, load widget
 * chunks) and reports a SchemaError with its JSON path. The preparation starts while the page
 * first renders, not in an effect after its first paint, so its requests leave a frame earlier.
 */
export function usePrepared<T>(prepare: () => Promise<T>, deps: unknown[]): Prepared<T> {
  const [state, setState] = useState<Prepared<T>>({ status: 'loading' });
  const running = useMemo(() => {
    const p = prepare();
    // Handled by the effect below; until it subscribes, a failure is not "unhandled".
    p.catch(() => undefined);
    return p;
    // eslint-disable-next-line react-hooks/exhaustive-deps, react-hooks/use-memo -- callers list what their preparation depends on
  }, deps);
  useEffect(() => {
    let live = true;
    running.then(
      (value) => live && setState({ status: 'ready', value }),
      (e: unknown) => live && setState({ status: 'error', path: e instanceof SchemaError ? e.path : '', message: (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [running]);
  return state;
}
