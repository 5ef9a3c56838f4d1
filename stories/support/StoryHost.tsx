import { Fragment, type ReactNode, useMemo } from 'react';
import { RendererContext } from '../../renderer/runtime/services.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import { type CallLogEntry, type DataSource, sharedDataSource, storyServices } from '../data-source/index.ts';

export interface StoryHostProps {
  language?: string;
  siteMode?: boolean;
  /** Defaults to the session's shared data source. */
  dataSource?: DataSource;
  navigate?: (path: string) => void;
  onCall?: (e: CallLogEntry) => void;
  notify?: RendererServices['notify'];
  children: ReactNode;
}

/** The renderer's host in a story: RendererServices over the in-browser data source. */
export function StoryHost({ language = 'zh_CN', siteMode = false, dataSource, navigate, onCall, notify, children }: StoryHostProps) {
  const ds = dataSource ?? sharedDataSource();
  const services = useMemo(() => storyServices(ds, { language, siteMode, navigate, onCall, notify }), [ds, language, siteMode, navigate, onCall, notify]);
  // Pages keep their services in stores; a new language or role level mounts them afresh.
  return (
    <RendererContext.Provider value={services}>
      <Fragment key={`${language}-${siteMode}`}>{children}</Fragment>
    </RendererContext.Provider>
  );
}
