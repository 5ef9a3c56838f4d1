import type { Label } from './label.ts';
import type { ActionType } from './types/actions.ts';
import type { PageKind } from './types/page-kinds.ts';
import type { StatusMapName } from './types/status-maps.ts';

/**
 * The screen schema language, version 1. One JSON file per screen under `schemas/<module>/`;
 * its meta-schema is `screen.meta.json` (kept in step with these types by a test).
 */

/** An expression of the safe expression language, e.g. `record.statusCode == 'NEW' && user.roleLevel != 'site'`. */
export type Expression = string;

export interface Endpoint {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** `{name}` from route params, the record and the user; `[{tenantId}/]` for tenant-aware paths. */
  url: string;
  /** Extra query parameters; string values are templates like the URL. */
  params?: Record<string, string | number | boolean>;
  /** Where rows and totals are in the answer (defaults: `content`, `totalElements`/`total`). */
  response?: { rows?: string; total?: string };
}

/** A list's endpoint: its URL may be left to the entity, with `params` that its path also reads. */
export type ListEndpoint = Omit<Endpoint, 'url'> & { url?: string };

/** A field reference: the entity's field by name, optionally adjusted for this screen. */
export interface FieldRef {
  field: string;
  label?: Label;
  /** A widget other than the one the entity's type implies. */
  widget?: string;
  required?: boolean | Expression;
  visible?: Expression;
  disabled?: boolean | Expression;
  /** Computed value. */
  value?: Expression;
  /** Columns spanned in the form grid. */
  span?: number;
  placeholder?: Label;
  help?: Label;
  /** Field values copied from a LOV pick: `{targetField: lovRowField}`. */
  lovMap?: Record<string, string>;
  /** Value-set code replacing the entity field's own (a select offers its values; tenant overlays set it). */
  lov?: string;
  /** Fields of the create payload left out when the record's status is create (§5). */
  dropOnCreate?: boolean;
  defaultValue?: unknown;
  /** A server-side check run on blur and before save (a uniqueness check); a failing check blocks save. */
  check?: FieldCheck;
}

/**
 * An async check of a field's value: GET `url` (a template: `{value}` is the field's value,
 * plus the user, route and record); the answer `{valid: false}` or a business error fails it,
 * and `message` (or the server's) shows under the field.
 */
export interface FieldCheck {
  url: string;
  message?: Label;
}

export type FieldItem = string | FieldRef;

export interface ColumnRef {
  field: string;
  label?: Label;
  /** A cell renderer other than the one the type implies (`status`, `link`, `money`, `tag` …). */
  cell?: string;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Opens this route (a template over the row) when the cell is clicked. */
  link?: string;
  sortable?: boolean;
  fixed?: 'left' | 'right';
  hidden?: boolean;
  /** Display mapping of §4 for status cells (`frozen`, `health`, `readFlag` …). */
  statusMap?: StatusMapName;
  /** For editable line tables. */
  editable?: boolean;
  /** Summary of this column in the table's footer row (same as the table's `summary` map). */
  summary?: SummaryFn;
}

/** How a summary row sums up a column (renderer/table/summary.ts). */
export type SummaryFn = 'sum' | 'avg' | 'min' | 'max' | 'count';

export type ColumnItem = string | ColumnRef;

/** What every action takes, whatever its type. */
export interface ActionCommon {
  label?: Label;
  icon?: string;
  style?: 'primary' | 'default' | 'danger' | 'link';
  /** Permission code checked through the shell's batched permission store. */
  permission?: string;
  visible?: Expression;
  disabled?: Expression;
  confirm?: Label;
  /** Message shown on success. */
  success?: Label;
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A value a `request` action asks for in a dialog before its call, sent as a body property. */
export interface AskItem {
  name: string;
  label: Label;
  widget?: 'input' | 'password' | 'integer' | 'lookup';
  /** The LOV view a `lookup` picks from (a supplier); the value asked is the picked row's key. */
  lovView?: string;
  required?: boolean;
  min?: number;
  max?: number;
  maxLength?: number;
  default?: string | number;
}

/**
 * The properties of each action type (renderer/schema/types/actions.ts is the table; a type
 * missing here is a compile error, a property that differs fails tests/schemas/meta-schema.test.ts).
 */
export interface ActionProps extends Record<ActionType, object> {
  navigate: { to: string };
  back: { to?: string };
  request: {
    url: string;
    method?: HttpMethod;
    body?: 'record' | 'recordList' | 'selected' | 'none';
    bodyItem?: Record<string, unknown>;
    /** The call creates documents of `entity`: the message after it names each with a link (keys from the answer, or its `list`). */
    created?: { entity: string; list?: string };
    ask?: AskItem[];
  };
  delete: object;
  transition: { action: string };
  export: { url?: string };
  refresh: object;
  save: object;
  modal: { screen: string; params?: Record<string, string>; width?: number };
  form: object;
  import: { url?: string };
  download: { url?: string; field?: string };
  print: { title?: Label };
  custom: { handler: string; field?: string; params?: Record<string, string> };
}

/** One action of a schema, exactly as the meta-schema allows it, discriminated by `type`. */
export type ActionSpec = { [T in ActionType]: ActionCommon & { type: T } & ActionProps[T] }[ActionType];

/** An action as handlers receive it: any type, its own properties read by name. */
export interface ActionBase extends ActionCommon {
  /** Action kind: a key of the action registry. */
  type: string;
  [key: string]: unknown;
}

export interface Section {
  title?: Label;
  columns?: number;
  fields: FieldItem[];
  visible?: Expression;
}

export interface TableSpec {
  rowKey?: string;
  columns: ColumnItem[];
  rowActions?: ActionBase[];
  selection?: 'single' | 'multiple';
  pageSize?: number;
  /** Fixed row height in px; rows never wrap so virtualised rows stay exact. */
  rowHeight?: number;
  /**
   * Hierarchical rows shown as a tree: each row's `parentField` holds its parent's row key; the
   * first column gets the indent and the open/close toggle. Rows at depth >= `expandLevel` start
   * closed (all open without it). Rows whose parent is not loaded show at the top level.
   */
  tree?: { parentField: string; expandLevel?: number };
  /**
   * A footer row summing up columns: `{amount: 'sum', lineNum: 'count'}`, shown in the column's
   * cell format. A server-paged list summarises the rows of the current page (and says so).
   */
  summary?: Record<string, SummaryFn>;
  /** Which rows the summary counts, an expression over `record` (`"record.cancelledFlag != 1"`); all without it. */
  summaryWhere?: string;
  /**
   * Rows to draw the eye to, an expression over `record` (`"record.outlierFlag == 1"`): they get a
   * warning tint and a bar at their start, in every table (lists, detail tabs, inline lines, print).
   * A colour is not read out, so a cell of the row says the same in words (a `status` column).
   */
  highlight?: Expression;
}

export interface ScreenBase {
  $schema?: string;
  version: 1;
  route?: string;
  routes?: string[];
  kind: PageKind;
  title: Label;
  /** Reachable by any signed-in user without a menu entry. */
  authorized?: boolean;
  /** The entity whose declared fields this screen uses. */
  entity?: string;
  icon?: string;
  /** A line under the title saying what the screen is for (shown on the page, not in dialogs). */
  description?: string;
  /** Route parameter values for the route-visit test when the entity's first record cannot supply them. */
  sampleParams?: Record<string, string>;
}

export interface ListScreen extends ScreenBase {
  kind: 'list';
  entity: string;
  data?: { list?: ListEndpoint; delete?: Endpoint; export?: Endpoint };
  search?: { fields: FieldItem[]; columns?: number };
  toolbar?: ActionBase[];
  table: TableSpec;
}

export interface DetailTab {
  title: Label;
  kind: 'table' | 'form';
  entity?: string;
  /** Filter of the child rows by the parent: `{poHeaderId: '{poHeaderId}'}`. */
  filter?: Record<string, string>;
  data?: { list?: Endpoint };
  table?: TableSpec;
  sections?: Section[];
  /**
   * `true`: add and edit lines in a dialog holding `sections`. `"inline"`: edit them in the table
   * itself (field widgets in the cells, add/copy/delete, one save for all changed lines).
   */
  editable?: boolean | 'inline';
}

export interface DetailScreen extends ScreenBase {
  kind: 'detail' | 'form' | 'edit';
  entity: string;
  /** Route parameter holding the record id. */
  idParam?: string;
  data?: { get?: Endpoint; update?: Endpoint };
  sections: Section[];
  tabs?: DetailTab[];
  actions?: ActionBase[];
  editable?: boolean;
  attachments?: { field: string; bucketName?: string };
  history?: boolean;
}

export interface CreateScreen extends ScreenBase {
  kind: 'create';
  entity: string;
  data?: { create?: Endpoint };
  sections: Section[];
  /** Route to open after a successful submit (a template over the created record). */
  afterSubmit?: string;
}

export interface DashboardScreen extends ScreenBase {
  kind: 'dashboard';
  cards: DashboardCard[];
}

/**
 * A dashboard card: a count (`totalElements` of a one-row query) or the first rows of a list, each
 * from its endpoint (`data`); or a component registered by name (`component`, given `props`), such
 * as a report's chart, loaded with the card and never before the first screen is shown.
 */
export interface DashboardCard {
  title: Label;
  /** `prompt`: no data, a next step to take (`text`), the card leading to `link` (a newcomer's company registration). */
  kind: 'count' | 'list' | 'component' | 'prompt';
  text?: Label;
  data?: Endpoint;
  component?: string;
  props?: Record<string, unknown>;
  link?: string;
  columns?: ColumnItem[];
  span?: number;
  /** Role codes that see the card; all when absent. */
  roles?: string[];
}

export interface CustomScreen extends ScreenBase {
  kind: 'custom';
  /** Name of a component in the renderer registry. */
  component: string;
  props?: Record<string, unknown>;
}

/**
 * One step of a wizard: a form of the record's fields (`sections`), the record's lines
 * (`lines`, a detail tab of a child entity), a read-only `preview` of every step, or a last step
 * (`sections` shown read-only when `readOnly` says so). `actions` run on the record (a status
 * action: submit); with `advance` the wizard moves on once one succeeded.
 */
export interface WizardStep {
  /** Stored in the record's `stepField` when the person moves on, so a later visit resumes here. */
  key: string;
  /** The route that opens the wizard at this step. */
  route?: string;
  title: Label;
  sections?: Section[];
  lines?: DetailTab;
  /** The fewest lines this step needs before "next" (a contact, a bank account). */
  minLines?: number;
  preview?: boolean;
  actions?: ActionBase[];
  advance?: boolean;
}

export interface WizardScreen extends ScreenBase {
  kind: 'wizard';
  entity: string;
  /** `current`: the record the person is working on (an empty answer starts a new one). */
  data?: { current?: Endpoint };
  steps: WizardStep[];
  /** The field holding the key of the step to resume at. */
  stepField?: string;
  /** Expression over `record`: every step read-only (submitted, certified). */
  readOnly?: Expression;
  /** The step a visit without a step route opens once `done` holds for the record. */
  doneStep?: string;
  done?: Expression;
}

export type Screen = ListScreen | DetailScreen | CreateScreen | DashboardScreen | CustomScreen | WizardScreen;
