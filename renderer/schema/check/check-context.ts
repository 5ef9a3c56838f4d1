import type { EntityDecl } from '../entity.ts';

/** What cross-reference checks compare a schema against; the script and the editor build it. */
export interface CheckContext {
  entities: Map<string, EntityDecl>;
  /** Value-set codes and LOV view codes that exist. */
  lovCodes: Set<string>;
  lovViews: Set<string>;
  /** i18n keys present in both languages, and those present in only one. */
  i18nKeys: Set<string>;
  i18nPartial: Map<string, string>;
  permissionCodes: Set<string>;
  /** `METHOD /path/:param` patterns the server answers. */
  endpoints: Array<{ method: string; segments: string[] }>;
  /** Routes served by screen schemas (for navigate targets). */
  screenRoutes: Set<string>;
  /** Screen schema files (for modal actions), relative to schemas/. */
  screenFiles: Set<string>;
  actionTypes: Set<string>;
  widgets: Set<string>;
  cells: Set<string>;
  customComponents: Set<string>;
  /** Action handlers registered by name (`{"type": "custom", "handler"}`). */
  customHandlers: Set<string>;
}
