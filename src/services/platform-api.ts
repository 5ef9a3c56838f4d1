import { fillUrl } from '../../renderer/data/url-template.ts';
import { platformCalls } from '../../renderer/schema/wire/platform-calls.ts';
import { request } from '../request/request.ts';
import type { FillFacts } from '../../renderer/schema/fill.ts';
import type { ServerMenu } from '../stores/menu/menu-types.ts';

/** Calls of §7.3 the shell makes; paths and parameters from renderer/schema/wire/platform-calls.ts. */

export interface CurrentUser {
  id: number;
  loginName: string;
  realName: string;
  tenantId: number;
  tenantName: string;
  tenantNum: string;
  organizationId: number;
  currentRoleId: number;
  currentRoleName: string;
  currentRoleLevel: string;
  currentRoleCode: string;
  dateFormat: string;
  dateTimeFormat: string;
  timeFormat: string;
  timeZone: string;
  language: string;
  email?: string;
  /** What the server fills new records' `fill` fields with for this person (renderer/schema/fill.ts). */
  fills?: FillFacts;
}

export interface TenantDto {
  tenantId: number;
  tenantNum: string;
  tenantName: string;
}

export interface RoleDto {
  id: number;
  name: string;
  code: string;
  level: string;
  tenantId: number;
}

const url = (name: keyof typeof platformCalls, vars: Record<string, unknown> = {}, siteMode = false) => fillUrl(platformCalls[name].url, vars, { siteMode });

export const fetchSelf = () => request<CurrentUser>(url('self'), { silent: true });
export const fetchTenants = () => request<TenantDto[]>(url('selfTenants'));
export const fetchRoles = () => request<RoleDto[]>(url('selfRoles'));
export const switchRole = (roleId: number) => request(url('switchRole'), { method: 'PUT', query: { roleId } });
export const switchTenant = (tenantId: number) => request(url('switchTenant'), { method: 'PUT', query: { tenantId } });
export const fetchMenu = (roleId: number, lang: string) => request<ServerMenu[]>(url('menuTree'), { query: { roldId: roleId, lang } });
export const checkPermissions = (codes: string[]) => request<Array<{ code: string; approve: boolean }>>(url('checkPermissions'), { method: 'POST', body: codes });
/** A language's texts of the given prompt keys (HZERO requires `promptKey`; several are comma-joined). Before sign-in: the site's. */
export const fetchPrompts = (tenantId: number | undefined, lang: string, promptKeys: string[]) =>
  request<Record<string, string>>(url('prompts', { tenantId, lang }, tenantId === undefined), { query: { promptKey: promptKeys.join(',') }, silent: true });
export const saveDefaultLanguage = (language: string, roleId: number, organizationId: number) =>
  request(url('defaultLanguage'), { method: 'PUT', query: { language, roleId, organizationId } });
export const fetchUnreadCount = (tenantId: number) => request<{ unreadMessageCount?: number }>(url('unreadCount', { tenantId }), { silent: true });
export const fetchUnreadPreview = (tenantId: number) =>
  request<Array<Record<string, unknown>>>(url('unreadPreview', { tenantId }), { query: { readFlag: 0, previewMessageCount: 10 }, silent: true });
