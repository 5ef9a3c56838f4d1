import type { EntityDecl } from './entity.ts';
import { conventionRoutes } from './wire/convention-routes.ts';

/**
 * The calls screen schemas make (every `url` of data sources, request actions, field checks,
 * dashboard cards …), split into CRUD over a declared entity, which the generic store answers,
 * and the rest, which the stories answer from fixtures recorded on the seeded server.
 */
export interface SchemaCall {
  method: string;
  /** The URL template as written, without its query part. */
  template: string;
  /** Where it is written: schema file and JSON path. */
  file: string;
  path: string;
}

/** `GET /iam/hzero/v1/[{tenantId}/]users/{id}/frozen`: one fixture per method and path template. */
export const fixtureKey = (method: string, template: string) => `${method.toUpperCase()} ${template.split('?')[0]}`;

/** A template as a pattern over concrete paths (`[{tenantId}/]` optional, `{x}` one segment). */
export function templatePattern(template: string): RegExp {
  let src = '';
  for (const part of template.split('?')[0]!.split(/(\[\{\w+\}\/\]|\{\w+\})/)) {
    if (part.startsWith('[')) src += '(?:[^/]+/)?';
    else if (part.startsWith('{')) src += '[^/]+';
    else src += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}/?$`);
}

/** Calls of one parsed schema file. */
export function callsOf(file: string, doc: unknown): SchemaCall[] {
  const out: SchemaCall[] = [];
  const walk = (v: unknown, path: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}/${i}`));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.url === 'string' && o.url.startsWith('/')) out.push({ method: String(o.method ?? 'GET').toUpperCase(), template: o.url.split('?')[0]!, file, path });
      for (const [k, x] of Object.entries(o)) walk(x, `${path}/${k}`);
    }
  };
  walk(doc, '');
  return out;
}

/** The generic routes of every declared entity (convention-routes.ts), as method and pattern over concrete paths. */
function crudPatterns(entities: Iterable<EntityDecl>): Array<{ method: string; re: RegExp }> {
  // A record key is a number (a literal like `self` after a collection is another call); `{action}` a word.
  const norm = (t: string) => t.replace(/\{(tenantId|organizationId|id)\}/g, '\\d+').replace('{action}', '[\\w-]+');
  return [...entities].flatMap((e) =>
    [e.paths.site, e.paths.tenant]
      .filter((p): p is string => !!p)
      .flatMap((base) => conventionRoutes(e, base))
      .map((r) => ({ method: r.method, re: new RegExp(`^${norm(r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&')).replace(/\\?\{\w+\\?\}/g, '[^/]+')}/?$`) })),
  );
}

/** The concrete path a template stands for in the stories (tenant 1, other parameters as `1`). */
export const examplePath = (template: string) => template.split('?')[0]!.replace(/\[\{\w+\}\/\]/g, '1/').replace(/\{\w+\}/g, '1');

/** Calls no declared entity's generic paths serve, by fixture key (first place written). */
export function nonCrudCalls(calls: SchemaCall[], entities: Iterable<EntityDecl>): Map<string, SchemaCall> {
  const crud = crudPatterns(entities);
  const out = new Map<string, SchemaCall>();
  for (const c of calls) {
    const path = examplePath(c.template);
    if (crud.some((r) => r.method === c.method && r.re.test(path))) continue;
    if (!out.has(fixtureKey(c.method, c.template))) out.set(fixtureKey(c.method, c.template), c);
  }
  return out;
}

/** One answer recorded from the seeded server for a story fixture (stories/fixtures/). */
export interface RecordedCall {
  url: string;
  status: number;
  body: unknown;
}
