import type { Label } from './label.ts';
import type { FieldType } from './types/field-types.ts';
import type { FillSource } from './fill.ts';

/**
 * An entity is declared once in `schemas/entities/<name>.json` and read by both sides:
 * the server derives its table, request validation, filters and status machine from it;
 * the renderer derives columns, widgets and client-side validation from it.
 */
/** A key of the field-type table (types/field-types.ts), which says what each type means everywhere. */
export type { FieldType };

export type FilterMode = 'eq' | 'like' | 'range' | 'in' | 'none';

export interface EntityField {
  name: string;
  type: FieldType;
  label?: Label;
  required?: boolean;
  maxLength?: number;
  minLength?: number;
  min?: number;
  max?: number;
  /** Digits after the decimal point for number, money and percent. */
  precision?: number;
  /**
   * On a money field: the field holding the amount's currency code, `currencyCode` on the same
   * record or `parent.currencyCode` on a line. The amount is then shown with that currency's
   * decimals (the currency master data's financial precision: yen 0, USD 2); `precision`, else 2,
   * while the currency is unknown.
   */
  currency?: string;
  pattern?: string;
  format?: 'email' | 'phone' | 'url';
  /** Value-set code: the value must be one of `/v1/lovs/value?lovCode=`; lists also get its display text (`meaningOf`: `statusCode` → `statusMeaning`). */
  lov?: string;
  /** LOV view code for the lookup modal (`/v1/lov-view/info?viewCode=`). */
  lovView?: string;
  default?: string | number | boolean | null;
  unique?: boolean;
  /** Set by the server only (numbers from code rules, computed totals); ignored in request bodies. */
  readOnly?: boolean;
  /**
   * A line's number within its document (`parent`): the server numbers a new line after the
   * document's last one, so nobody types line numbers and two people adding lines at once never
   * take the same one. Must be a readOnly integer.
   */
  sequence?: boolean;
  /**
   * On an id field: the entity whose record this one was made from (an order line's requisition
   * line, a contract's tender). The chain of documents is this data: the related-documents panel
   * follows it both ways and reports can join it (renderer/schema/documents/chain.ts).
   */
  source?: string;
  /**
   * Filled on create when left empty from what the system knows of the creating person: their name,
   * employee record, company and department, the tenant's name and currency, today
   * (renderer/schema/fill.ts). A lookup by id takes the record's id, a text field its name.
   */
  fill?: FillSource;
  /**
   * Computed by the server in exact decimal arithmetic whenever the row, its parent or its lines
   * change (`round(quantity * unitPrice, precision(parent.currencyCode))`, `sum(poLine.lineAmount)`);
   * the field must be read-only. The language is in server/resources/formulas.ts.
   */
  formula?: string;
  /** Never leaves the server (password hashes). */
  private?: boolean;
  /**
   * Only site-level calls may set it (a role's `level`): on tenant paths the server ignores it
   * in request bodies, keeping the default on create and the stored value on update.
   */
  siteOnly?: boolean;
  /** How a list query filters on it; default `like` for text, `eq` otherwise. */
  filter?: FilterMode;
  sortable?: boolean;
  /**
   * `trigram`: the contains-search (`like` filter) on this text field is served by a trigram
   * index (PostgreSQL's pg_trgm, GIN), so typing a fragment of a name stays fast at a million rows.
   * Where the extension is missing the index is left out and the search scans (server/db/migrate.ts).
   */
  search?: 'trigram';
}

export interface StatusTransition {
  from: string[];
  to: string;
  label?: Label;
  /** Permission code checked by the server and the UI before the transition. */
  permission?: string;
  /**
   * Fields the request body writes together with the move (a reason), whatever the status locks
   * otherwise; the UI asks for them before the move. Other body fields are ignored.
   */
  fields?: string[];
  /** Of `fields`, those that must hold a value: an empty one is refused (400) naming the field. */
  required?: string[];
  /** A field that keeps the status the record leaves, for a later transition's `restore`. */
  remember?: string;
  /**
   * Goes back to the status held in this field (written by another transition's `remember`)
   * instead of `to`, which stays the fallback when the field is empty; the field is cleared.
   */
  restore?: string;
  /** On a line entity (`parent`): the statuses its parent document must be in for the move. */
  parentStatus?: string[];
  /** A date-time field the move sets to now (an order's release date). */
  stamp?: string;
  /**
   * Which side takes the move on a document shared with suppliers (`supplierField`): `supplier`,
   * only a supplier-side role (its consent); `buyer`, never one. Absent: whoever holds `permission`.
   */
  by?: 'supplier' | 'buyer';
  /**
   * The server's move only (an award that follows an approved decision, a score sheet submitted
   * with its expert): no request may take it, whatever the caller's roles; module rules and the
   * `effects` of other moves do, through the repository, so it is still checked, hooked and audited.
   */
  system?: boolean;
  /** Moves of other records this move causes, in the same transaction (a plan's approval approving its lines). */
  effects?: TransitionEffect[];
}

/**
 * One cascade of a move: the records of `entity` that `match` names (their field → this record's
 * field) take its transition `action` as the server's move, each one that is in a status the
 * transition starts from; the others are left as they are (a cancelled line stays cancelled).
 */
export interface TransitionEffect {
  entity: string;
  action: string;
  match: Record<string, string>;
}

/**
 * How a document goes through approval, declared instead of coded: the `submit` status action
 * starts an instance of the deployed process `process` (the document is its `record`), the
 * instance's end applies `approve` or `reject`, and a recall or revoke by the initiator applies
 * `recall`. Those three are the server's moves only: no request may take them directly, and the
 * document (with its lines) cannot be changed while it is in the status `submit` leads to.
 */
export interface EntityWorkflow {
  /** The process key (a deployed model's `modelKey`) of the document's tenant. */
  process: string;
  submit: string;
  approve: string;
  reject: string;
  recall?: string;
  /** What a task shows as the document: a template over its fields (`{displayPoNum} {supplierName}`). */
  title: string;
  /** The document's detail page, shown read-only inside the task: a template (`/sodr/send-order/detail/{poHeaderId}`). */
  detailRoute: string;
  /**
   * The demo tenants' process, deployed by the workflow's seed from this declaration alone (a
   * one-step approval, server/modules/hwfl/seed-processes.ts): absent where a module's seed
   * deploys its own.
   */
  demo?: WorkflowDemo;
}

/** A declared approval's demo process: one step whose approvers are named per tenant. */
export interface WorkflowDemo {
  /** The process's name as the modeler lists it. */
  name: string;
  /** What the approval step is called (the node name a task shows). */
  step: string;
  /** Per tenant id, who approves: an hwfl assignee (`user:approver`, `role:SYS_ADMINISTRATOR`). */
  approvers: Record<string, string>;
  /**
   * Per tenant id, whose submission a demo document seeded in approval stands for (a login): its
   * running instance is started as theirs. Absent for a tenant: the document's creator.
   */
  submitters?: Record<string, string>;
}

export interface StatusMachine {
  field: string;
  initial: string;
  transitions: Record<string, StatusTransition>;
  /**
   * What may change in each status: `"*"` everything, or the fields that may (a line entity's as
   * `<entity>.<field>`, `<entity>.*` for adding and removing lines). A status not named here
   * allows no change at all, nor deleting the record or its lines. Absent: every status allows all.
   * The server refuses other writes naming the field; forms show the rest read-only.
   */
  editable?: Record<string, '*' | string[]>;
  /**
   * Named sets of statuses the document's rules speak of ("opened": from opening on; "draft":
   * lines still editable). Module code reads them through `statusGroup()`, so a status added to the
   * machine is placed in each set here, where the machine is, and nowhere else.
   */
  groups?: Record<string, string[]>;
}

/** One write call of an entity where its backend differs from the defaults (`api`). */
export interface ApiCall {
  method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Suffix of the base; a `remove` path holding `{<primaryKey>}` deletes one record per call, without a body. */
  path?: string;
  /** The body is a list of records (`[record]`), as HZERO's batch save endpoints take. */
  list?: boolean;
  /**
   * Whether a body goes with a call that names the record in its path: a delete by key sends
   * `{key, objectVersionNumber}` when true; a status action sends its version unless false.
   */
  body?: boolean;
}

export interface EntitySealed {
  /** The field naming the document whose opening releases the envelopes (`rfxHeaderId`). */
  document: string;
  /** Fields bound into every envelope's ciphertext besides document and supplier (line, lot, round). */
  bind: string[];
  /** Envelope name → the private text field holding its ciphertext and the fields it seals. */
  envelopes: Record<string, { field: string; fields: string[] }>;
}

/**
 * A document opened with a password (a bid opening): the buyer may set one while the document is a
 * draft; the moves that open its envelopes then need it, on every path (server/sealing/opening.ts).
 */
export interface EntityOpening {
  /** The transitions that open envelopes and need the password (a second stage opened with the first may not). */
  moves: string[];
  /** The private field holding the password's hash, and the read-only flag field saying one is set. */
  passwordHash: string;
  passwordFlag: string;
  /** The statuses in which the password may be set. */
  setIn: string[];
  /** Permission code for setting it. */
  setPermission: string;
}

/**
 * A business document others lead to and come from: the number a link to it shows and the pages
 * that open it, each with the menu that must be held for it; a viewer gets the first whose menu
 * their role holds (the buyer's order page, the supplier's confirmation page).
 */
export interface EntityDocument {
  /** What one such document is called in links ("Purchase order"), where the entity's label names the list ("Purchase orders"). */
  label?: Label;
  /** The field shown as the document's name in links (its number). */
  number: string;
  pages: Array<{ route: string; menu: string }>;
}

export interface EntityDecl {
  $schema?: string;
  version: 1;
  name: string;
  table: string;
  primaryKey: string;
  label?: Label;
  /** Tenant-scoped rows carry `tenantId` and are only reachable through tenant paths of the caller's tenants. */
  tenantScoped: boolean;
  /**
   * Rows written only by the module's own calls (workflow tasks and instances move through the
   * engine): the generic paths list, read and export them, and have no create, update, delete or
   * status action, so no role can write around the module's rules.
   */
  readOnly?: boolean;
  /**
   * Rows created only by a module's own call, named here (`"the hand-out of a tender"`): the generic
   * paths have no create, while update, delete and status actions stay as declared (a score sheet is
   * handed out with the tender, then filled in by its expert).
   */
  createdBy?: string;
  /** The field holding the tenant when it is a declared field (users: `organizationId`); default a `tenantId` column. */
  tenantField?: string;
  /**
   * The field holding the id of the user a row belongs to (user messages: `userId`). The generic
   * paths then reach only the caller's own rows, whatever the role, and a create sets it to the caller.
   */
  ownerField?: string;
  /**
   * The field naming the supplier company a row belongs to (orders: `supplierId`). A user acting in
   * a supplier-side role (`supplierFlag` on the role) reaches only rows of the suppliers they are
   * bound to (`supplierUser`), on every generic path; lines of such a row (`parent`) follow it.
   */
  supplierField?: string;
  /** The statuses in which the supplier side sees a row at all (an order once released); absent: every status. */
  supplierStatuses?: string[];
  /**
   * A field the server sets only once the supplier side was shown the row (an order's status
   * before a cancellation request, written by the transition's `remember`): such a row stays
   * visible to it in every status, also outside `supplierStatuses` (an order cancelled with the
   * supplier's consent), while a row never shown stays hidden. It must be read-only.
   */
  supplierSeenField?: string;
  /** REST base paths: `site` for site-level roles, `tenant` with `{tenantId}`. */
  /**
   * A supplier's sealed offer on these rows (RFx quotation lines, tender bids): until the document
   * named by `document` is opened, each envelope's fields are stored encrypted (AES-256-GCM under a
   * per-document key, server/sealing/) in the envelope's private field, and their plain columns
   * stay empty; only the row's own supplier reads them back. Opening writes them plain once and
   * destroys the key. `bind` fields are bound into the ciphertext, so a sealed value cannot be moved
   * to another line, round or supplier in the database.
   */
  sealed?: EntitySealed;
  /** Opening with a password: the document's setting, checked by the repository on the opening moves. */
  opening?: EntityOpening;
  /** A document in the chain of documents (requisition → RFx → order → contract): how links to it read and open. */
  document?: EntityDocument;
  paths: { site?: string; tenant?: string };
  /**
   * Where the backend's calls for this entity differ from the base path and the platform's
   * defaults (HZERO's controllers differ by resource): `list` and `item` are suffixes of the base
   * (`/paging`, `/details/{userGroupId}`; default the base itself and `/{<primaryKey>}`), as is
   * `export` (HZERO's `/export`; default the base);
   * `create`, `update` and `remove` name the method and suffix of those calls (defaults: `POST`,
   * `PUT` with the key and `objectVersionNumber` in the body, and a batch `DELETE` of keys and
   * versions, all on the base); `transition` the path of a status action (`/{noticeId}/{action}`;
   * default `/{<primaryKey>}/actions/{action}`). rest-convention.ts builds the calls, the server answers them.
   */
  api?: { list?: string; item?: string; export?: string; create?: ApiCall; update?: ApiCall; remove?: ApiCall; transition?: ApiCall };
  fields: EntityField[];
  status?: StatusMachine;
  /**
   * Submitted for approval through the workflow (hwfl); see `EntityWorkflow`. Several when the
   * document has several approvals (an RFx's release and its result); read it with `workflowsOf`.
   */
  workflow?: EntityWorkflow | EntityWorkflow[];
  /** `field,asc|desc` used when a list request names no sort. */
  defaultSort?: string;
  /** Extra indexes for the lists users filter and sort most; the tenant column goes first. */
  indexes?: string[][];
  /** Lines: rows of this entity belong to a parent row (`/parent/{id}/lines` style paths). */
  parent?: { entity: string; field: string };
  /**
   * Code rule generating the value of a read-only number field on create. Without a hook
   * for the rule, the server numbers `<prefix><8-digit counter per rule and tenant>`.
   */
  numbering?: { field: string; rule: string; prefix?: string };
  /**
   * Menu routes (one or a list) whose holders may call this entity's generic paths, checked by
   * the server against the current role's menus; a site-level role always may. `write` covers
   * create, update, delete and status actions and implies read. Absent: any member of the
   * tenant may. An empty list: site-level roles only.
   */
  permissions?: { read?: string | string[]; write?: string | string[] };
  /** Demo rows the server seeds and the stories show (docs/seed-recipes.md). */
  seed?: EntitySeed;
}

/**
 * A value recipe: a template string (`"PO{tenant}{i:0000}"`), a constant, or one of the objects.
 * `ref` picks a seeded row of another entity in the same tenant (its key, or `field` of it; one
 * pick per entity and row); dates are days relative to the fixed seed date.
 */
export type SeedValue =
  | string
  | number
  | boolean
  | null
  | { pick: unknown[] }
  | { weighted: Record<string, number> }
  | { int: [number, number] }
  | { number: [number, number] }
  | { date: [number, number] }
  | { datetime: [number, number] }
  | { ref: string; field?: string };

export interface EntitySeed {
  /** Raise to seed the entity again on databases seeded with the earlier recipe. */
  version?: number;
  /** Seed steps that wrote these rows before the recipe existed: databases that ran one skip the recipe. */
  replaces?: string | string[];
  /** `demo`: tenants 1 and 2 (default when tenant-scoped); `site`: tenant 0 (default otherwise); or ids. */
  tenants?: 'demo' | 'site' | 'all' | number[];
  /** Generated rows per tenant, or by tenant id. */
  count?: number | Record<string, number>;
  /** Generate `count` rows for each seeded row of this entity in the tenant (its `ref` is that row). */
  per?: string;
  /** First primary key (default 1); keys are numbered across tenants. */
  idFrom?: number;
  /** Value recipes by field: generated rows use them, fixed rows take the ones they leave out. */
  values?: Record<string, SeedValue>;
  /** Field names of fixed rows written as arrays. */
  columns?: string[];
  /** Fixed rows; one naming its tenant goes to that tenant only, else to each of `tenants`. */
  rows?: Array<Record<string, unknown> | unknown[]>;
}

/** Fields the server adds to every entity row (audit and optimistic locking). */
export const SYSTEM_FIELDS = [
  'tenantId',
  'objectVersionNumber',
  'creationDate',
  'createdBy',
  'lastUpdateDate',
  'lastUpdatedBy',
] as const;
