import type { RecordedCall } from '../../renderer/schema/calls.ts';
import { DataSourceError } from './data-source-error.ts';
import { templatePattern } from '../../renderer/schema/calls.ts';

/**
 * Answers recorded on the seeded reference server (`npm run stories:record` writes
 * stories/fixtures/<service>.json) for the calls that are not CRUD over a declared entity.
 */
const files = import.meta.glob<Record<string, RecordedCall>>('/stories/fixtures/*.json', { eager: true, import: 'default' });

interface Fixture {
  method: string;
  re: RegExp;
  /** Literal characters of the template: `/users/{id}/frozen` before `/users/{id}`. */
  weight: number;
  call: RecordedCall;
}

const FIXTURES: Fixture[] = Object.values(files)
  .flatMap((calls) =>
    Object.entries(calls).map(([key, call]) => {
      const [method, template] = key.split(' ') as [string, string];
      return { method, re: templatePattern(template), weight: template.replace(/\[?\{\w+\}\/?\]?/g, '').length, call };
    }),
  )
  .sort((a, b) => b.weight - a.weight);

/** The recorded answer for a call, a copy (the stories may change it); `undefined` when none was recorded. */
export function recordedAnswer(method: string, path: string): { found: true; body: unknown } | undefined {
  const f = FIXTURES.find((x) => x.method === method && x.re.test(path));
  if (!f) return undefined;
  if (f.call.status >= 400) {
    const body = f.call.body as { message?: string } | undefined;
    throw new DataSourceError(f.call.status, body?.message ?? `recorded answer ${f.call.status} for ${method} ${f.call.url}`);
  }
  return { found: true, body: structuredClone(f.call.body) };
}
