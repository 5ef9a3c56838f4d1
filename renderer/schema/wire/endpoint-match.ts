/**
 * Matching the UI's calls against a backend's endpoint catalogue (HZERO 1.5's, in
 * schemas/catalogue/hzero-endpoints.json): same method, same path up to parameter names, every
 * required parameter sent, a body exactly when the endpoint takes one.
 */

/** One endpoint of the catalogue. */
export interface CatalogueEndpoint {
  m: string;
  p: string;
  req: string[];
  opt: string[];
  body: boolean;
}

/** A call as the contract sees it: method, one concrete path template, what is sent. */
export interface ContractCall {
  method: string;
  url: string;
  params: string[];
  body?: 'json' | 'form';
  /** An export (`exportType`): HZERO exports only from its `/export` endpoints. */
  export?: boolean;
}

export type Verdict =
  | { kind: 'match'; endpoint: CatalogueEndpoint }
  /** The path exists with other methods only. */
  | { kind: 'method'; methods: string[] }
  /** Method and path exist; parameters or body differ. */
  | { kind: 'shape'; endpoint: CatalogueEndpoint; problems: string[] }
  | { kind: 'none' };

/** The services HZERO 1.5's open-source backend has; a call elsewhere is not HZERO's to answer. */
export const HZERO_SERVICES = ['/iam', '/hpfm', '/hmsg', '/hfle', '/oauth'] as const;

export const isHzeroService = (url: string) => HZERO_SERVICES.some((s) => url === s || url.startsWith(`${s}/`));

/** `[{tenantId}/]` spelled out: the site form (segment dropped) and the tenant form. */
export function pathVariants(url: string): string[] {
  if (!url.includes('[')) return [url];
  return [url.replace(/\[\{\w+\}\/\]/g, ''), url.replace(/\[(\{\w+\}\/)\]/g, '$1')];
}

const segments = (p: string) => p.split('?')[0]!.replace(/\/+$/, '').split('/');
const isParam = (s: string) => /^\{\w+\}$/.test(s);

/** Same path up to parameter names: `{tenantId}` stands where HZERO writes `{organizationId}`. */
export function samePath(a: string, b: string): boolean {
  const x = segments(a);
  const y = segments(b);
  return x.length === y.length && x.every((s, i) => (isParam(s) ? isParam(y[i]!) : s === y[i]));
}

export function indexCatalogue(endpoints: CatalogueEndpoint[]): Map<string, CatalogueEndpoint[]> {
  const out = new Map<string, CatalogueEndpoint[]>();
  for (const e of endpoints) {
    const key = segments(e.p).length + segments(e.p)[1]!;
    out.set(key, [...(out.get(key) ?? []), e]);
  }
  return out;
}

/** How a call with one concrete path template fares against the catalogue. */
export function matchCall(call: ContractCall, index: Map<string, CatalogueEndpoint[]>): Verdict {
  const segs = segments(call.url);
  const candidates = (index.get(segs.length + segs[1]!) ?? []).filter((e) => samePath(call.url, e.p) && (!call.export || e.p.endsWith('/export')));
  if (!candidates.length) return { kind: 'none' };
  // A literal segment beats a parameter: `/users/paging` is not `/users/{userId}`.
  const literal = (e: CatalogueEndpoint) => segments(e.p).filter((s) => !isParam(s)).length;
  const same = candidates.filter((e) => e.m === call.method).sort((a, b) => literal(b) - literal(a));
  if (!same.length) return { kind: 'method', methods: [...new Set(candidates.map((e) => e.m))].sort() };
  let best: Verdict | undefined;
  for (const endpoint of same) {
    const problems: string[] = [];
    const missing = endpoint.req.filter((r) => !call.params.includes(r));
    if (missing.length) problems.push(`required ${missing.join(', ')} not sent`);
    if (endpoint.body && call.body !== 'json') problems.push('takes a body, none sent');
    if (!endpoint.body && call.body === 'json') problems.push('takes no body, one sent');
    if (!problems.length) return { kind: 'match', endpoint };
    best ??= { kind: 'shape', endpoint, problems };
  }
  return best!;
}
