import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Folders of schemas/ that hold data other than screens. */
export const NON_SCREEN_DIRS = new Set(['entities', 'i18n', 'fragments', 'lovs', 'catalogue']);

/** Every screen schema file under `schemasDir`, as paths relative to it, sorted. */
export function listScreenFiles(schemasDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (!(dir === schemasDir && NON_SCREEN_DIRS.has(name))) walk(p);
      } else if (name.endsWith('.json')) out.push(relative(schemasDir, p).split('\\').join('/'));
    }
  };
  walk(schemasDir);
  return out;
}

export interface ManifestEntry {
  file: string;
  routes: string[];
  title: unknown;
  kind: string;
  authorized: boolean;
  /** The entities the screen and its tabs declare, loaded while its schema is fetched (none: left out). */
  entities?: string[];
}

/** The screen's entity and its tabs' (distinct, in order). */
function screenEntities(d: { entity?: unknown; tabs?: unknown }): string[] | undefined {
  const tabs = Array.isArray(d.tabs) ? (d.tabs as Array<{ entity?: unknown }>).map((t) => t?.entity) : [];
  const names = [...new Set([d.entity, ...tabs].filter((e): e is string => typeof e === 'string'))];
  return names.length ? names : undefined;
}

/**
 * The facts the shell needs before any screen loads: routes, title, kind, entities. A file that
 * is not valid JSON still gets an entry (kind `invalid`) so its route shows the error panel.
 */
export function readManifest(schemasDir: string): ManifestEntry[] {
  return listScreenFiles(schemasDir).map((file) => {
    const text = readFileSync(join(schemasDir, file), 'utf8');
    try {
      const d = JSON.parse(text) as { route?: string; routes?: string[]; title?: unknown; kind?: string; authorized?: boolean; entity?: unknown; tabs?: unknown };
      const entities = screenEntities(d);
      return { file, routes: [d.route, ...(d.routes ?? [])].filter((r): r is string => typeof r === 'string'), title: d.title ?? file, kind: String(d.kind ?? ''), authorized: !!d.authorized, ...(entities && { entities }) };
    } catch {
      const m = /"route"\s*:\s*"([^"]+)"/.exec(text);
      return { file, routes: m ? [m[1]!] : [], title: file, kind: 'invalid', authorized: false };
    }
  });
}

/**
 * Every entity declaration file, as paths relative to `schemasDir`
 * (`entities/<module>/<name>.json`), sorted. One folder per module, found rather than listed.
 */
export function listEntityFiles(schemasDir: string): string[] {
  const root = join(schemasDir, 'entities');
  return readdirSync(root)
    .filter((m) => statSync(join(root, m)).isDirectory())
    .sort()
    .flatMap((m) => readdirSync(join(root, m)).filter((f) => f.endsWith('.json')).sort().map((f) => `entities/${m}/${f}`));
}
