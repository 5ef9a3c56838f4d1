/**
 * The calls the shell and the renderer make by themselves (not written in a schema and not an
 * entity's CRUD), with the method, path and parameters of the platform's (HZERO 1.5's) endpoint.
 * Callers build their URL from here, and the contract test (tests/contract/hzero-contract.test.ts)
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
  /** Who makes it, for the contract report. */
  by: string;
}

const call = (method: PlatformCall['method'], url: string, by: string, extra: Partial<PlatformCall> = {}): PlatformCall => ({ method, url, by, ...extra });

export const platformCalls = {
  // Shell: session, tenant and role (§7.3).
  self: call('GET', '/iam/hzero/v1/users/self', 'src/services/platform-api.ts'),
  selfTenants: call('GET', '/iam/hzero/v1/users/self-tenants', 'src/services/platform-api.ts'),
  selfRoles: call('GET', '/iam/hzero/v1/member-roles/self-roles', 'src/services/platform-api.ts'),
  switchRole: call('PUT', '/iam/v1/users/roles', 'src/services/platform-api.ts', { params: ['roleId'] }),
  switchTenant: call('PUT', '/iam/v1/users/tenant-id', 'src/services/platform-api.ts', { params: ['tenantId'] }),
  menuTree: call('GET', '/iam/hzero/v1/menus/tree', 'src/services/platform-api.ts', { params: ['roldId', 'lang'] }),
  checkPermissions: call('POST', '/iam/hzero/v1/menus/check-permissions', 'src/services/platform-api.ts', { body: 'json' }),
  defaultLanguage: call('PUT', '/iam/hzero/v1/users/default-language', 'src/services/platform-api.ts', { params: ['language', 'roleId', 'organizationId'] }),
  prompts: call('GET', '/hpfm/v1/[{tenantId}/]prompt/{lang}', 'src/services/platform-api.ts', { params: ['promptKey'] }),
  unreadCount: call('GET', '/hmsg/v1/{tenantId}/messages/user/count', 'src/services/platform-api.ts'),
  unreadPreview: call('GET', '/hmsg/v1/{tenantId}/messages/user/preview', 'src/services/platform-api.ts', { params: ['readFlag', 'previewMessageCount'] }),
  // Renderer: value sets and LOV views (§7.3).
  lovValues: call('GET', '/hpfm/v1/[{tenantId}/]lovs/value', 'renderer/data/lov-cache.ts', { params: ['lovCode'] }),
  lovViewInfo: call('GET', '/hpfm/v1/[{tenantId}/]lov-view/info', 'renderer/fields/LovField.tsx', { params: ['viewCode'] }),
  lovData: call('GET', '/hpfm/v1/[{tenantId}/]lovs/data', 'renderer/fields/LovField.tsx', { params: ['lovCode', 'page', 'size'] }),
  // Renderer: attachments (§7.3).
  fileUuid: call('POST', '/hfle/v1/[{tenantId}/]files/uuid', 'renderer/fields/AttachmentField.tsx'),
  filesOfUuid: call('GET', '/hfle/v1/[{tenantId}/]files/{attachmentUUID}/file', 'renderer/fields/AttachmentField.tsx', { params: ['bucketName'] }),
  fileUpload: call('POST', '/hfle/v1/[{tenantId}/]files/attachment/multipart', 'renderer/fields/AttachmentField.tsx', {
    params: ['bucketName', 'attachmentUUID', 'directory', 'file'],
    body: 'form',
  }),
  fileDeleteByUuidUrl: call('POST', '/hfle/v1/[{tenantId}/]files/delete-by-uuidurl', 'renderer/fields/AttachmentField.tsx', { params: ['bucketName', 'attachmentUUID'], body: 'json' }),
  fileDownload: call('GET', '/hfle/v1/[{tenantId}/]files/download', 'renderer/actions/download.ts', { params: ['bucketName', 'url', 'access_token'] }),
  // Renderer: region picker, personal column settings.
  regionCountries: call('GET', '/hpfm/v1/[{tenantId}/]regions/cascade/countries', 'renderer/fields/RegionField.tsx'),
  regionChildren: call('GET', '/hpfm/v1/[{tenantId}/]regions/cascade/children', 'renderer/fields/RegionField.tsx', { params: ['countryId', 'parentRegionId'] }),
  regionPath: call('GET', '/hpfm/v1/[{tenantId}/]regions/cascade/path', 'renderer/fields/RegionField.tsx', { params: ['regionCode'] }),
  tableSettingsGet: call('GET', '/hpfm/v1/{tenantId}/table-settings/{screenCode}', 'renderer/table/table-settings-store.ts'),
  tableSettingsSave: call('PUT', '/hpfm/v1/{tenantId}/table-settings/{screenCode}', 'renderer/table/table-settings-store.ts', { body: 'json' }),
  tableSettingsReset: call('DELETE', '/hpfm/v1/{tenantId}/table-settings/{screenCode}', 'renderer/table/table-settings-store.ts'),
  // Shell: stored pages (the page designer and its published routes).
  uiPagePublished: call('GET', '/hpfm/v1/{tenantId}/ui-pages/common/{pageCode}', 'src/routes/stored-routes.ts'),
  uiPagePublishedRoutes: call('GET', '/hpfm/v1/{tenantId}/ui-pages/published-routes', 'src/routes/stored-routes.ts'),
  uiPagePreview: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/preview/{pageCode}', 'src/custom/ui-page/UiPageView.tsx'),
  uiPageGet: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}', 'src/custom/ui-page/page-api.ts'),
  uiPageSave: call('PUT', '/hpfm/v1/[{tenantId}/]ui-pages/detail', 'src/custom/ui-page/page-api.ts', { body: 'json' }),
  uiPageCheck: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/check', 'src/custom/ui-page/page-api.ts', { body: 'json' }),
  uiPagePublish: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/publish', 'src/custom/ui-page/page-api.ts'),
  uiPageUnpublish: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/unpublish', 'src/custom/ui-page/page-api.ts'),
  uiPageHistory: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/history', 'src/custom/ui-page/page-api.ts'),
  uiPageVersion: call('GET', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/history/{versionNumber}', 'src/custom/ui-page/page-api.ts'),
  uiPageRollback: call('POST', '/hpfm/v1/[{tenantId}/]ui-pages/{pageCode}/rollback', 'src/custom/ui-page/page-api.ts', { body: 'json' }),
  // Shell: the message push (websocket upgrade).
  websocket: call('GET', '/hpfm/websocket', 'src/stores/NoticeStore.ts', { params: ['access_token'] }),
} as const satisfies Record<string, PlatformCall>;

export type PlatformCallName = keyof typeof platformCalls;
