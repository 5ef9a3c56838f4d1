import type { RendererServices } from '../renderer/contracts/services.ts';
import { getAccessToken } from './auth/token.ts';
import { progress, toast } from './request/lazy-feedback.ts';
import { request } from './request/request.ts';
import { dialogScreenSource } from './routes/dialog-screen-source.ts';
import { platformCalls } from '../renderer/schema/wire/platform-calls.ts';
import { registries } from './registries.ts';
import type { RootStore } from './stores/RootStore.ts';

/**
 * The shell's side of the renderer contract: its request layer, texts, permission store,
 * navigation (which opens tabs) and the open tab's before-close guard.
 */
export function rendererServices(root: RootStore, navigate: (path: string) => void, tabKey?: string): RendererServices {
  const u = root.user.currentUser;
  return {
    registries,
    // Saving one's own profile (the user info page) changes how dates show: the shell re-reads it.
    request: <T,>(url: string, opts?: Parameters<RendererServices['request']>[1]) =>
      request<T>(url, opts).then((r) => {
        if (opts?.method === 'PUT' && url === platformCalls.self.url) void root.refreshProfile();
        return r;
      }),
    label: (l, fallback) => root.i18n.label(l, fallback),
    t: (key, fallback, vars) => root.i18n.t(key, fallback, vars),
    can: (codes) => root.permissions.status(codes),
    navigate,
    user: {
      id: u?.id ?? 0,
      loginName: u?.loginName ?? '',
      realName: u?.realName,
      tenantName: u?.tenantName,
      fills: u?.fills,
      tenantId: u?.tenantId ?? 0,
      organizationId: u?.tenantId ?? 0,
      roleId: u?.currentRoleId ?? 0,
      roleCode: u?.currentRoleCode ?? '',
      roleLevel: u?.currentRoleLevel ?? '',
      language: root.i18n.language,
      dateFormat: u?.dateFormat,
      timeZone: u?.timeZone,
    },
    siteMode: root.user.siteMode,
    language: root.i18n.language,
    // The entity table (a loader per declaration) is only needed once a screen names an entity.
    loadEntity: (name) => import('../renderer/data/entities.ts').then((m) => m.loadEntity(name)),
    notify: { success: (t) => toast('success', t, 1.5), error: (t) => toast('error', t, 1.5) },
    // Its antd code comes with the notification's, on first use.
    showDocuments: (title, docs) => void import('./request/documents-notice.tsx').then((m) => m.documentsNotice(root.i18n, navigate, title, docs)),
    setPageInfo: tabKey ? (info) => root.workspace.setPageInfo(tabKey, info) : undefined,
    onBeforeClose: tabKey ? (fn, unsaved) => root.workspace.onBeforeTabRemove(tabKey, fn, unsaved) : undefined,
    accessToken: () => getAccessToken(),
    progress: (title) => progress(root.i18n, title),
    screenSource: dialogScreenSource,
    onRecordChanged: (entity, id, fn) =>
      root.notices.onPush((m) => {
        if (m.type === 'record.changed' && m.entity === entity && (id === undefined || Number(m.id) === Number(id))) fn();
      }),
  };
}
