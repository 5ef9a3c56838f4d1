import type { ComponentType } from 'react';
import type { Screen } from '../schema/screen.ts';

export interface PageProps<S extends Screen = Screen> {
  screen: S;
  /** Route parameters (`:id` → `{id}`). */
  params: Record<string, string>;
  /** The schema file, for error messages. */
  file: string;
  /** Set when the screen runs inside a dialog: called after a successful submit instead of navigating. */
  onDone?(record: Record<string, unknown>): void;
}

// Each page kind narrows the screen type it accepts; the host passes the screen of that kind.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageComponent = ComponentType<PageProps<any>>;
