import { useEffect, useState } from 'react';
import { SchemaError } from '../errors/schema-error.ts';

export type Prepared<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; path: string; message: string };

/**
 * Runs a page's asynchronous preparation once (load the entity, resolve fields, load widget
 * chunks) and reports a SchemaError with its JSON path.
 */
export function usePrepared<T>(prepare: () => Promise<T>, deps: unknown[]): Prepared<T> {
  const [state, setState] = useState<Prepared<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    prepare().then(
      (value) => live && setState({ status: 'ready', value }),
      (e: unknown) => live && setState({ status: 'error', path: e instanceof SchemaError ? e.path : '', message: (e as Error).message }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers list what their preparation depends on
  }, deps);
  return state;
}
