import { IAM, MESSAGE, PLATFORM } from '../config/env.ts';
import { request } from '../request/request.ts';
import type { ServerMenu } from '../stores/menu/menu-types.ts';

/** Calls of §7.3 the shell makes, with the original platform's paths. */

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

export const fetchSelf = () => request<CurrentUser>(`${IAM}/hzero/v1/users/self`, { silent: true });
export const fetchTenants = () => request<TenantDto[]>(`${IAM}/hzero/v1/users/self-tenants`);
export const fetchRoles = () => request<RoleDto[]>(`${IAM}/hzero/v1/member-roles/self-roles`);
export const switchRole = (roleId: number) => request(`${IAM}/v1/users/roles`, { method: 'PUT', query: { roleId } });
export const switchTenant = (tenantId: number) => request(`${IAM}/v1/users/tenant-id`, { method: 'PUT', query: { tenantId } });
export const fetchMenu = (roleId: number, lang: string) => request<ServerMenu[]>(`${IAM}/hzero/v1/menus/tree`, { query: { roldId: roleId, lang } });
export const checkPermissions = (codes: string[]) =>
  request<Array<{ code: string; approve: boolean }>>(`${IAM}/hzero/v1/menus/check-permissions`, { method: 'POST', body: codes });
export const fetchPrompts = (tenantId: number | undefined, lang: string) =>
  request<Record<string, string>>(tenantId === undefined ? `${PLATFORM}/v1/prompt/${lang}` : `${PLATFORM}/v1/${tenantId}/prompt/${lang}`, { silent: true });
export const saveDefaultLanguage = (language: string, roleId: number, organizationId: number) =>
  request(`${IAM}/hzero/v1/users/default-language`, { method: 'PUT', query: { language, roleId, organizationId } });
export const fetchUnreadCount = (tenantId: number) => request<{ unreadMessageCount?: number }>(`${MESSAGE}/v1/${tenantId}/messages/user/count`, { silent: true });
export const fetchUnreadPreview = (tenantId: number) =>
  request<Array<Record<string, unknown>>>(`${MESSAGE}/v1/${tenantId}/messages/user/preview`, { query: { readFlag: 0, previewMessageCount: 10 }, silent: true });
