import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CatalogueEndpoint, indexCatalogue, isHzeroService, matchCall, pathVariants, samePath, type Verdict } from '../schema/wire/endpoint-match.ts';
import { type UiCall, uiCalls } from './ui-calls.ts';

/**
 * The UI's calls to HZERO's services held against HZERO 1.5's endpoints
 * (schemas/catalogue/hzero-endpoints.json), with the calls that are ours on purpose
 * (schemas/catalogue/hzero-ours.json: a resource HZERO 1.5's open-source backend does not have,
 * with the reason) and the register of calls not yet aligned (hzero-pending.json, meant to empty).
 * tests/contract/hzero-contract.test.ts fails on any other call that differs;
 * `npm run hzero:compat` writes the figures and lists into docs/hzero-compat.md.
 */

/** A family of our own calls: every call whose path starts with `path` (parameters match parameters). */
export interface OursEntry {
  /** A path prefix; `/` for every path. */
  path: string;
  /** Only exports (HZERO exports from `/export` endpoints only). */
  export?: boolean;
  /** Only these methods are ours (HZERO has the resource, without this operation). */
  methods?: string[];
  reason: string;
}

export interface ContractLine {
  method: string;
  export?: boolean;
  /** One concrete template (the tenant segment spelled out or dropped). */
  url: string;
  verdict: Verdict;
  /** The `hzero-ours.json` entry covering it, when it does not match. */
  ours?: OursEntry;
  by: string[];
}

export interface ContractReport {
  lines: ContractLine[];
  matched: ContractLine[];
  ours: ContractLine[];
  /** Calls that differ from HZERO's endpoint and are registered in hzero-pending.json as not yet aligned. */
  pending: ContractLine[];
  /** Calls that claim to be HZERO's and are not, unregistered: the test fails on these. */
  broken: ContractLine[];
  /** Entries of hzero-pending.json that match now or are no longer called: the test fails until they are removed. */
  stalePending: string[];
  /** Entries of hzero-ours.json that cover nothing (stale) or cover a call HZERO has. */
  staleOurs: OursEntry[];
  /** Distinct calls to services HZERO does not have (business modules), for the figure. */
  otherServices: number;
}

const startsWithPath = (url: string, prefix: string) => {
  if (prefix === '/') return true;
  const a = url.split('/');
  const b = prefix.split('/');
  return b.length <= a.length && samePath(a.slice(0, b.length).join('/'), prefix);
};

const key = (method: string, url: string, exp?: boolean) => `${method} ${url.replace(/\{\w+\}/g, '{}')}${exp ? ' export' : ''}`;

const readJson = <T>(schemasDir: string, file: string): T => JSON.parse(readFileSync(join(schemasDir, 'catalogue', file), 'utf8')) as T;

export function readCatalogue(schemasDir: string): { endpoints: CatalogueEndpoint[]; ours: OursEntry[]; pending: string[] } {
  return {
    endpoints: readJson<{ endpoints: CatalogueEndpoint[] }>(schemasDir, 'hzero-endpoints.json').endpoints,
    ours: readJson<{ ours: OursEntry[] }>(schemasDir, 'hzero-ours.json').ours,
    pending: readJson<{ pending: string[] }>(schemasDir, 'hzero-pending.json').pending,
  };
}

/** `GET /iam/hzero/v1/{tenantId}/users`: how a line is named in hzero-pending.json. */
export const lineName = (l: { method: string; url: string; export?: boolean }) => `${l.method} ${l.url}${l.export ? ' (export)' : ''}`;

const RANK: Record<Verdict['kind'], number> = { match: 0, shape: 1, method: 2, none: 3 };

export function contractReport(schemasDir: string, calls: UiCall[] = uiCalls(schemasDir)): ContractReport {
  const { endpoints, ours, pending } = readCatalogue(schemasDir);
  const index = indexCatalogue(endpoints);
  const byKey = new Map<string, ContractLine>();
  const others = new Set<string>();
  for (const c of calls) {
    for (const url of pathVariants(c.url)) {
      if (!isHzeroService(url)) {
        others.add(key(c.method, url));
        continue;
      }
      const verdict = matchCall({ method: c.method, url, params: c.params, body: c.body, export: c.export }, index);
      const k = key(c.method, url, c.export);
      const line = byKey.get(k);
      // One line per method and path; the worst of its uses decides.
      if (!line) byKey.set(k, { method: c.method, url, ...(c.export ? { export: true } : {}), verdict, by: [c.by] });
      else {
        if (!line.by.includes(c.by)) line.by.push(c.by);
        if (RANK[verdict.kind] > RANK[line.verdict.kind]) line.verdict = verdict;
      }
    }
  }
  const lines = [...byKey.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  const used = new Set<OursEntry>();
  for (const l of lines) {
    if (l.verdict.kind === 'match') continue;
    const o = ours.find((e) => startsWithPath(l.url, e.path) && (!e.methods || e.methods.includes(l.method)) && !!e.export === !!l.export);
    if (o) {
      l.ours = o;
      used.add(o);
    }
  }
  // An entry is stale when it covers nothing, or when HZERO has an endpoint under its path.
  // A whole resource is stale when HZERO has anything under it; some methods of one, when HZERO has those on it.
  const hzeroHas = (o: OursEntry) => endpoints.some((e) => (o.methods ? samePath(e.p, o.path) && o.methods.includes(e.m) : startsWithPath(e.p, o.path)));
  const staleOurs = ours.filter((o) => !used.has(o) || (!o.export && hzeroHas(o)));
  return {
    lines,
    matched: lines.filter((l) => l.verdict.kind === 'match'),
    ours: lines.filter((l) => l.verdict.kind !== 'match' && l.ours),
    pending: lines.filter((l) => l.verdict.kind !== 'match' && !l.ours && pending.includes(lineName(l))),
    broken: lines.filter((l) => l.verdict.kind !== 'match' && !l.ours && !pending.includes(lineName(l))),
    stalePending: pending.filter((p) => !lines.some((l) => l.verdict.kind !== 'match' && !l.ours && lineName(l) === p)),
    staleOurs,
    otherServices: others.size,
  };
}

export const describeVerdict = (v: Verdict): string =>
  v.kind === 'match'
    ? `${v.endpoint.m} ${v.endpoint.p}`
    : v.kind === 'method'
      ? `HZERO has this path with ${v.methods.join(', ')} only`
      : v.kind === 'shape'
        ? `${v.endpoint.m} ${v.endpoint.p}: ${v.problems.join('; ')}`
        : 'no such path in HZERO 1.5';

/** The one-line figure the test prints and docs/hzero-compat.md records. */
export const figure = (r: ContractReport): string =>
  `${r.lines.length} distinct calls to HZERO's services (iam, hpfm, hmsg, hfle, oauth): ${r.matched.length} match HZERO 1.5's endpoint (method, path, required parameters, body); ${r.ours.length} are ours only (${new Set(r.ours.map((l) => l.ours)).size} resources or operations HZERO 1.5 does not have); ${r.pending.length} differ and are registered as not yet aligned; ${r.broken.length} differ unregistered.`;
