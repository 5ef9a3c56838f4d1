import type { SchemaProblem } from './schema-error.ts';
import type { Screen } from './screen.ts';

/** JSON.parse with the error located as line:column, since authors edit the file by line. */
export function parseScreenText(text: string): { screen?: Screen; problems: SchemaProblem[] } {
  try {
    return { screen: JSON.parse(text) as Screen, problems: [] };
  } catch (e) {
    const msg = (e as Error).message;
    const m = /position (\d+)/.exec(msg);
    let where = '';
    if (m) {
      const pos = Number(m[1]);
      const before = text.slice(0, pos).split('\n');
      where = ` (line ${before.length}, column ${before[before.length - 1]!.length + 1})`;
    }
    return { problems: [{ path: '', message: `not valid JSON${where}: ${msg}` }] };
  }
}

/** The structural minimum checked at run time; the full meta-schema runs in `npm run schemas:check`. */
export function basicProblems(screen: unknown, knownKinds: (k: string) => boolean): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  if (!screen || typeof screen !== 'object' || Array.isArray(screen)) return [{ path: '', message: 'a screen schema must be a JSON object' }];
  const s = screen as Record<string, unknown>;
  if (s.version !== 1) out.push({ path: '/version', message: `unsupported version ${JSON.stringify(s.version)}; this renderer reads version 1` });
  if (typeof s.kind !== 'string') out.push({ path: '/kind', message: 'missing "kind" (list, detail, create, form, edit, dashboard or custom)' });
  else if (!knownKinds(s.kind)) out.push({ path: '/kind', message: `unknown kind "${s.kind}"` });
  if (s.title === undefined) out.push({ path: '/title', message: 'missing "title"' });
  return out;
}
