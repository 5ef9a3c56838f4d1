import type { Problem } from './problems.ts';

/**
 * A screen file is named `<name>.<kind>.json` (`inquiry-request.list.json`), so its kind shows in
 * any listing and a newcomer finds the list, detail or create page of a thing by name alone.
 */
export function checkScreenFileName(file: string, doc: Record<string, unknown>): Problem[] {
  const kind = doc.kind;
  if (typeof kind !== 'string') return [];
  const base = file.split('/').pop()!;
  if (base.endsWith(`.${kind}.json`)) return [];
  const stem = base.replace(/\.json$/, '').replace(new RegExp(`-${kind}$`), '');
  return [{ file, path: '/kind', message: `a ${kind} screen's file is named <name>.${kind}.json: rename it to ${stem}.${kind}.json` }];
}
