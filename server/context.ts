import type { EntityDecl } from '../renderer/schema/entity.ts';
import type { Database } from './db/database.ts';
import type { EventBus } from './events/events.ts';
import type { KeyRing } from './sealing/key-ring.ts';

export interface ServerConfig {
  dataDir?: string;
  /** Where uploaded files are stored (inside DATA_DIR by default). */
  storageDir: string;
  /** Built UI folder served at `/`; absent in API-only tests. */
  uiDir?: string;
  /** Hosts, besides the request's own, that the OAuth redirect may go to (dev servers). */
  allowedRedirectHosts: string[];
  maxFailedLogins: number;
  lockMinutes: number;
  /** Rows an export writes at most (EXPORT_ROW_LIMIT; 100,000 unless the environment says otherwise). */
  exportRowLimit?: number;
  /** The tenant (its number) a person who signs up joins as a company registrant; empty: no sign-up page. SIGN_UP_TENANT, DEMO by default. */
  signUpTenant?: string;
  /** Accounts one address may create per hour through the sign-up page. */
  signUpsPerHour?: number;
}

/** What every route plugin receives: the database, the entity catalogue, the config and the event bus. */
export interface ServerContext {
  db: Database;
  entities: Map<string, EntityDecl>;
  config: ServerConfig;
  events: EventBus;
  /** The server keys wrapping the keys of sealed offers (server/sealing/); never stored in the database. */
  sealKeys: KeyRing;
}

export interface AuthContext {
  token: string;
  userId: number;
  loginName: string;
  tenantId: number;
  roleId: number;
  roleCode: string;
  roleLevel: string;
  /** Tenants the current role may address in tenant paths. */
  tenantIds: number[];
  /** Tenants the user belongs to (any role): what the tenant switch offers. */
  memberTenantIds: number[];
  language: string;
  /**
   * The supplier companies a supplier-side role acts for (its user's bindings in the role's
   * tenant), or null for every other role: rows of entities with a `supplierField` are then
   * limited to these, empty meaning none.
   */
  supplierIds: number[] | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
