import type { RendererUser } from '../../renderer/contracts/services.ts';

/** The signed-in user of every story: the demo tenant's administrator (tenant 1, as in the server seed). */
export const STORY_USER: RendererUser = {
  id: 1,
  loginName: 'admin',
  tenantId: 1,
  organizationId: 1,
  roleId: 1,
  roleCode: 'SYS_ADMINISTRATOR',
  roleLevel: 'organization',
  language: 'zh_CN',
};
