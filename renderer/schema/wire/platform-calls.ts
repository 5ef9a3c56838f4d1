/**
 * The calls the shell and the renderer make by themselves (not written in a schema and not an
 * entity's CRUD), with the method, path and parameters of the platform's (HZERO 1.5's) endpoint.
 * Callers (the shell's src/services/platform-api.ts and stores, the renderer's fields, actions and
 * data layer) build their URL from here by name, and the contract test (tests/contract/hzero-contract.test.ts)
 * checks every entry against the catalogue of HZERO's endpoints, so a call cannot drift from
 * the backend it claims to speak to.
 *
 * `[{tenantId}/]`: the tenant segment, filled for a tenant role and dropped for a site role (§7.3).
 */
export interface PlatformCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** Request parameter names the caller sends (in the query, or as fields of a multipart form). */
  params?: readonly string[];
  /** The body sent: JSON, or a multipart form whose fields are `params`. */
  body?: 'json' | 'form';
}

// The table ships in the entry chunk (the shell's first calls use it): keep entries lean.
export const call = (method: PlatformCall['method'], url: string, extra: Partial<PlatformCall> = {}): PlatformCall => ({ method, url, ...extra });

export const platformCalls = {
  // Shell: session, tenant and role (§7.3).
  self: call('GET', '/iam/hzero/v1/users/self'),
  selfTenants: call('GET', '/iam/hzero/v1/users/self-tenants'),
  selfRoles: call('GET', '/iam/hzero/v1/member-roles/self-roles'),
  switchRole: call('PUT', '/iam/v1/users/roles', { params: ['roleId'] }),
  switchTenant: call('PUT', '/iam/v1/users/tenant-id', { params: ['tenantId'] }),
  menuTree: call('GET', '/iam/hzero/v1/menus/tree', { params: ['roldId', 'lang'] }),
  checkPermissions: call('POST', '/iam/hzero/v1/menus/check-permissions', { body: 'json' }),
  defaultLanguage: call('PUT', '/iam/hzero/v1/users/default-language', { params: ['language', 'roleId', 'organizationId'] }),
  prompts: call('GET', '/hpfm/v1/[{tenantId}/]prompt/{lang}', { params: ['promptKey'] }),
  unreadCount: call('GET', '/hmsg/v1/{tenantId}/messages/user/count'),
  unreadPreview: call('GET', '/hmsg/v1/{tenantId}/messages/user/preview', { params: ['readFlag', 'previewMessageCount'] }),
  // Renderer: value sets and LOV views (§7.3).
  lovValues: call('GET', '/hpfm/v1/[{tenantId}/]lovs/value', { params: ['lovCode'] }),
  lovViewInfo: call('GET', '/hpfm/v1/[{tenantId}/]lov-view/info', { params: ['viewCode'] }),
  lovData: call('GET', '/hpfm/v1/[{tenantId}/]lovs/data', { params: ['lovCode', 'page', 'size'] }),
  // Renderer: attachments (§7.3).
  fileUuid: call('POST', '/hfle/v1/[{tenantId}/]files/uuid'),
  filesOfUuid: call('GET', '/hfle/v1/[{tenantId}/]files/{attachmentUUID}/file', { params: ['bucketName'] }),
  fileUpload: call('POST', '/hfle/v1/[{tenantId}/]files/attachment/multipart', {
    params: ['bucketName', 'attachmentUUID', 'directory', 'file'],
    body: 'form',
  }),
  fileDeleteByUuidUrl: call('POST', '/hfle/v1/[{tenantId}/]files/delete-by-uuidurl', { params: ['bucketName', 'attachmentUUID'], body: 'json' }),
  fileDownload: call('GET', '/hfle/v1/[{tenantId}/]files/download', { params: ['bucketName', 'url', 'access_token'] }),
  // Renderer: region picker, personal column settings.
  regionCountries: call('GET', '/hpfm/v1/[{tenantId}/]countries/all', { params: ['enabledFlag'] }),
  regionChildren: call('GET', '/hpfm/v1/[{tenantId}/]countries/{countryId}/regions/lazy-tree', { params: ['regionId', 'enabledFlag'] }),
  regionPath: call('GET', '/hpfm/v1/[{tenantId}/]regions/cascade/path', { params: ['regionCode'] }),
  tableSettingsGet: call('GET', '/hpfm/v1/{tenantId}/table-settings/{screenCode}'),
  tableSettingsSave: call('PUT', '/hpfm/v1/{tenantId}/table-settings/{screenCode}', { body: 'json' }),
  tableSettingsReset: call('DELETE', '/hpfm/v1/{tenantId}/table-settings/{screenCode}'),
  // Renderer: what formulas read (currency decimals, tax rates), for previews of computed amounts.
  formulaFacts: call('GET', '/hpfm/v1/{tenantId}/formula-facts'),
  // Renderer: the chain of documents (server/documents/): a document's related ones, and documents an action made.
  relatedDocuments: call('GET', '/hpfm/v1/{tenantId}/related-documents/{entity}/{id}'),
  documents: call('GET', '/hpfm/v1/{tenantId}/documents/{entity}', { params: ['ids'] }),
  // Renderer: a document's running approval, and its initiator's recall from the document's page (hwfl).
  documentApproval: call('GET', '/hwfl/v1/{tenantId}/runtime/documents/{entity}/{recordId}/approval'),
  documentRecall: call('POST', '/hwfl/v1/{tenantId}/runtime/documents/{entity}/{recordId}/recall', { body: 'json' }),
  // Shell: stored pages (the page designer and its published routes).
  uiPagePublished: call('GET', '/hpfm/v1/{tenantId}/ui-pages/common/{pageCode}'),
  uiPagePublishedRoutes: call('GET', '/hpfm/v1/{tenantId}/ui-pages/published-routes'),
  // Shell: the message push (websocket upgrade).
  websocket: call('GET', '/hpfm/websocket', { params: ['access_token'] }),
} as const satisfies Record<string, PlatformCall>;

export type PlatformCallName = keyof typeof platformCalls;

