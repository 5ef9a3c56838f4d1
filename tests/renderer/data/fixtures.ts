import type { EntityDecl } from '../../../renderer/schema/entity.ts';

/** A small tenant entity with a status machine, for the data-layer tests. */
export const term: EntityDecl = {
  version: 1,
  name: 'term',
  table: 'x_term',
  primaryKey: 'termId',
  tenantScoped: true,
  paths: { tenant: '/x/v1/{tenantId}/terms', site: '/x/v1/terms' },
  status: { field: 'statusCode', initial: 'NEW', transitions: { release: { from: ['NEW'], to: 'RELEASED' } } },
  fields: [
    { name: 'termId', type: 'integer', readOnly: true },
    { name: 'termCode', type: 'string', required: true, maxLength: 10 },
    { name: 'termName', type: 'string', required: true },
    { name: 'statusCode', type: 'string' },
  ],
};

export const row = (termId: number, termCode: string): Record<string, unknown> => ({ termId, termCode, termName: `Term ${termCode}`, statusCode: 'NEW', objectVersionNumber: 2 });

/** The request layer's errors as the renderer sees them (src/request/errors.ts, recognised by shape). */
export const httpError = (status: number, body: Record<string, unknown>) => Object.assign(new Error(String(body.message)), { status, url: '/x', body });
export const businessError = (code: string, message: string) => Object.assign(new Error(message), { body: { failed: true, code, message } });
