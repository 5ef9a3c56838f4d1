import type { ProgressReport, RendererServices } from '../contracts/services.ts';

const silent: ProgressReport = { update: () => undefined, done: () => undefined, failed: () => undefined };

/** The host's progress notice for a long action, or one that shows nothing where the host has none. */
export function startProgress(s: RendererServices, title: string): ProgressReport {
  return s.progress?.(title) ?? silent;
}
