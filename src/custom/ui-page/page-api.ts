import type { Problem } from '../../../renderer/schema/check/problems.ts';
import type { OverlayConflict } from '../../../renderer/schema/overlay.ts';
import { FailedResponseError } from '../../request/errors.ts';
import { request as defaultRequest, type RequestOptions } from '../../request/request.ts';
import { fillUrl } from '../../../renderer/data/url-template.ts';
import { pageDesignerCalls } from '../../../renderer/schema/wire/page-designer-calls.ts';

/** The designer's calls (renderer/schema/wire/page-designer-calls.ts): the site's pages or a tenant's. */
export interface DesignerPage {
  pageId?: number;
  pageCode: string;
  pageLevel: 'SITE' | 'TENANT';
  /** 0 for site pages; absent while a tenant's overlay of a site page is not saved yet. */
  tenantId?: number;
  title: string | null;
  route: string | null;
  pageKind: string | null;
  overlayFlag: number;
  inherited?: boolean;
  statusCode: 'DRAFT' | 'PUBLISHED';
  versionNumber: number;
  publishedVersion: number | null;
  objectVersionNumber?: number;
  content: string;
  publishedContent: string | null;
  /** The route it serves while published. */
  publishedRoute?: string | null;
  baseContent?: string | null;
  base?: { source: 'page' | 'file'; ref: string; text: string; version?: number };
  conflicts: OverlayConflict[];
  updatedByName?: string | null;
  lastUpdateDate?: string;
}

export interface CheckResult {
  problems: Problem[];
  conflicts: OverlayConflict[];
  effectiveContent?: string;
}

export interface VersionEntry {
  versionNumber: number;
  actionCode: string;
  publishedFlag: number;
  createdByName: string | null;
  creationDate: string;
}

/** A publish (or rollback of a live page) refused by the checks, with every problem. */
export class Refused extends Error {
  constructor(readonly problems: Problem[]) {
    super('refused');
  }
}

/** Turns the server's refusal into `Refused`; the request layer has shown its notification. */
const refusal = (e: unknown): never => {
  const problems = e instanceof FailedResponseError ? (e.body as { problems?: Problem[] }).problems : undefined;
  throw problems ? new Refused(problems) : e;
};

/** How calls are made: the shell's request layer, or the host's (Storybook's in-browser data source). */
export type Requester = <T>(url: string, opts?: RequestOptions) => Promise<T>;

/** Whose pages: the site's (a site role's designer) or a tenant's. */
export interface PageScope {
  site: boolean;
  tenantId: number;
}

export function pageApi(scope: PageScope, request: Requester = defaultRequest) {
  const url = (name: keyof typeof pageDesignerCalls, vars: Record<string, unknown> = {}) => fillUrl(pageDesignerCalls[name].url, { tenantId: scope.tenantId, ...vars }, { siteMode: scope.site });
  return {
    get: (pageCode: string) => request<DesignerPage>(url('get', { pageCode })),
    save: (pageCode: string, content: string, objectVersionNumber?: number) => request<DesignerPage & CheckResult>(url('save'), { method: 'PUT', body: { pageCode, content, objectVersionNumber } }),
    check: (pageCode: string, content: string) => request<CheckResult>(url('check'), { method: 'POST', body: { pageCode, content }, silent: true, onFailed: () => undefined }),
    publish: (pageCode: string) => request<DesignerPage>(url('publish', { pageCode }), { method: 'POST' }).catch(refusal),
    unpublish: (pageCode: string) => request<DesignerPage>(url('unpublish', { pageCode }), { method: 'POST' }),
    history: (pageCode: string) => request<VersionEntry[]>(url('history', { pageCode })),
    version: (pageCode: string, n: number) => request<VersionEntry & { content: string }>(url('version', { pageCode, versionNumber: n })),
    rollback: (pageCode: string, versionNumber: number) => request<DesignerPage>(url('rollback', { pageCode }), { method: 'POST', body: { versionNumber } }).catch(refusal),
  };
}

export type PageApi = ReturnType<typeof pageApi>;
