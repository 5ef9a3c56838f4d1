/**
 * What a field may be filled with when a record is created and the form or body leaves it empty
 * (`fill` on the entity's field): the creating user's name (an order's buyer), the tenant's name
 * (the company a requisition is raised in). The form shows it filled before saving; the server
 * fills it on every create path (server/resources/fill.ts), so a record made from other documents
 * has it too.
 */
export const FILL_SOURCES = ['user.realName', 'tenant.name'] as const;
export type FillSource = (typeof FILL_SOURCES)[number];

/** The value of `fill` for the signed-in person, as the renderer knows them. */
export function fillFromUser(fill: FillSource, user: { realName?: string; tenantName?: string }): string | undefined {
  return fill === 'user.realName' ? user.realName : user.tenantName;
}
