import type { EntityDecl } from './entity.ts';
import type { Label } from './label.ts';
import { defaultWidget } from './resolve-field.ts';

/**
 * Converts a page config of the original platform's page designer (hpfm ui/page: templates
 * DynamicSearchForm, DynamicTable, DynamicToolbar, DynamicForm, DynamicModal, DynamicTabs with
 * their fields and attribute rows) into a screen schema, and says what it could not carry over.
 * Page scripts and `this.` bindings to them are never executed: they are reported.
 */
type Json = Record<string, unknown>;

export interface HzeroAttr {
  attributeName: string;
  value?: unknown;
  attributeValue?: unknown;
  attributeType?: string;
}

export interface HzeroField {
  fieldName: string;
  fieldLabel?: string;
  componentType?: string;
  requiredFlag?: number;
  enabledFlag?: number;
  visiableFlag?: number;
  colspan?: number;
  leftOffset?: number;
  rightOffset?: number;
  orderSeq?: number;
  align?: string;
  width?: string | number;
  config?: HzeroAttr[];
  props?: Json;
}

export interface HzeroTemplate {
  templateCode: string;
  templateType: string;
  description?: string;
  orderSeq?: number;
  enabledFlag?: number;
  parentTemplateCode?: string;
  config?: HzeroAttr[];
  props?: Json;
  fields?: HzeroField[];
}

export interface HzeroPage {
  pageCode?: string;
  description?: string;
  fields?: HzeroTemplate[];
  script?: string;
}

export interface ImportOptions {
  route?: string;
  /** The entity whose fields the screen uses; guessed from the table's queryUrl when absent. */
  entity?: string;
  entities: Map<string, EntityDecl>;
}

export interface ImportResult {
  screen: Json;
  /** What was not carried over, one sentence each, naming the template and field. */
  report: string[];
}

/** Attribute rows folded into typed props; dotted names (`style.width`) become nested objects. */
export function attrsToProps(config: HzeroAttr[] | undefined, props: Json | undefined): Json {
  const out: Json = { ...(props ?? {}) };
  for (const a of config ?? []) {
    const raw = a.value ?? a.attributeValue;
    let v: unknown = raw;
    const t = (a.attributeType ?? '').toUpperCase();
    if (t === 'NUMBER' && raw !== '' && raw !== null) v = Number(raw);
    else if (t === 'BOOLEAN') v = raw === true || raw === 1 || raw === '1' || raw === 'true';
    else if ((t === 'ARRAY' || t === 'OBJECT') && typeof raw === 'string') {
      try {
        v = JSON.parse(raw);
      } catch {
        v = raw;
      }
    }
    const path = a.attributeName.split('.');
    let node = out;
    for (const k of path.slice(0, -1)) node = (node[k] = typeof node[k] === 'object' && node[k] ? node[k] : {}) as Json;
    node[path[path.length - 1]!] = v;
  }
  return out;
}

/** The original's labels are one language: the text goes to both. */
const label = (text: string | undefined): Label | undefined => (text ? { zh_CN: text, en_US: text } : undefined);

const WIDGETS: Record<string, string> = {
  Input: 'input',
  InputNumber: 'number',
  TextArea: 'textarea',
  DatePicker: 'date',
  TimePicker: 'time',
  Checkbox: 'switch',
  Switch: 'switch',
  ValueList: 'select',
  Lov: 'lov',
  Upload: 'attachment',
};

/** `/hpfm/v1/{organizationId}/companies` → the entity declaring that path. */
function entityByUrl(url: string | undefined, entities: Map<string, EntityDecl>): EntityDecl | undefined {
  if (!url) return undefined;
  // A form's queryUrl ends with the record's id: `/companies/{companyId}`.
  const norm = (u: string) => u.split('?')[0]!.replace(/\/\{\w+\}\/?$/, '').replace(/\{(organizationId|tenantId)\}/g, '{t}').replace(/\/$/, '');
  const want = norm(url);
  return [...entities.values()].find((e) => [e.paths.site, e.paths.tenant].some((p) => p && norm(p) === want));
}

const bindings = (o: unknown, at: string, report: string[]) => {
  const walk = (v: unknown, path: string) => {
    if (typeof v === 'string' && v.startsWith('this.')) report.push(`${at}: "${path}" binds the page-script member ${v}; not carried over (scripts are never run): add a schema action instead`);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v as Json)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(o, '');
};

export function importHzeroPage(page: HzeroPage, o: ImportOptions): ImportResult {
  const report: string[] = [];
  const templates = [...(page.fields ?? [])].sort((a, b) => (a.orderSeq ?? 0) - (b.orderSeq ?? 0));
  const byType = (t: string) => templates.filter((x) => x.templateType === t && x.enabledFlag !== 0);
  for (const t of templates) if (t.enabledFlag === 0) report.push(`${t.templateCode} (${t.templateType}): disabled in the original; left out`);
  const table = byType('DynamicTable')[0];
  const tableProps = table ? attrsToProps(table.config, table.props) : {};
  const forms = byType('DynamicForm');
  const entity = (o.entity ? o.entities.get(o.entity) : undefined) ?? entityByUrl((tableProps.queryUrl ?? (forms[0] && attrsToProps(forms[0].config, forms[0].props).queryUrl)) as string | undefined, o.entities);
  if (o.entity && !o.entities.get(o.entity)) report.push(`entity "${o.entity}" is not declared in schemas/entities`);
  if (!entity) report.push('no entity declares the table\'s queryUrl: set "entity" to the entity whose fields the page shows (see schemas/entities)');

  /** One field of a form or search form, as a field reference; reports what it loses. */
  const fieldRef = (f: HzeroField, at: string): string | Json | undefined => {
    const where = `${at}.${f.fieldName}`;
    const decl = entity?.fields.find((x) => x.name === f.fieldName && !x.private);
    if (entity && !decl) report.push(`${where}: not a field of entity ${entity.name}; kept, fix the name or declare the field`);
    if (f.componentType === 'Button') {
      report.push(`${where}: a button inside a form; not carried over`);
      return undefined;
    }
    const props = attrsToProps(f.config, f.props);
    bindings(props, where, report);
    const ref: Json = { field: f.fieldName };
    if (f.fieldLabel) ref.label = label(f.fieldLabel);
    if (f.requiredFlag === 1 && !decl?.required) ref.required = true;
    if (f.enabledFlag === 0) ref.disabled = true;
    if (f.visiableFlag === 0) ref.visible = 'false';
    if ((f.colspan ?? 1) > 1) ref.span = Math.min(4, f.colspan!);
    if (typeof props.placeholder === 'string') ref.placeholder = label(props.placeholder);
    if (typeof props.description === 'string') ref.help = label(props.description);
    const widget = f.componentType ? WIDGETS[f.componentType] : undefined;
    if (f.componentType && !widget) report.push(`${where}: component ${f.componentType} has no widget; the entity's type decides`);
    // Without a declaration the widget waits for one: the entity's type decides.
    if (widget && decl && defaultWidget(decl) !== widget) {
      if (widget === 'lov' && !decl.lovView) report.push(`${where}: Lov ${String(props.code ?? '')} not carried over: declare "lovView" on the entity field`);
      else if (widget === 'select' && !decl.lov) report.push(`${where}: ValueList ${String(props.lovCode ?? '')} not carried over: declare "lov" on the entity field`);
      else ref.widget = widget;
    }
    if (widget === 'lov' && decl?.lovView && props.code && props.code !== decl.lovView) report.push(`${where}: Lov code ${String(props.code)} differs from the entity's ${decl.lovView}; the entity's is used`);
    if (widget === 'select' && decl?.lov && props.lovCode && props.lovCode !== decl.lov) report.push(`${where}: value set ${String(props.lovCode)} differs from the entity's ${decl.lov}; the entity's is used`);
    if (props.cascadeFlag || props.cascadeFrom) report.push(`${where}: cascading (cascadeFrom/cascadeField) not carried over`);
    if ((f.leftOffset ?? 0) > 0 || (f.rightOffset ?? 0) > 0) report.push(`${where}: empty cells (leftOffset/rightOffset) dropped; fields flow in order`);
    return Object.keys(ref).length === 1 ? f.fieldName : ref;
  };
  const fieldsOf = (t: HzeroTemplate) =>
    [...(t.fields ?? [])]
      .sort((a, b) => (a.orderSeq ?? 0) - (b.orderSeq ?? 0))
      .map((f) => fieldRef(f, t.templateCode))
      .filter((x): x is string | Json => x !== undefined);
  const columnsOf = (n: unknown) => Math.max(1, Math.min(4, Number(n) || 2));

  const screen: Json = { $schema: '../../renderer/schema/screen.meta.json', version: 1 };
  if (o.route) screen.route = o.route;
  const head = (kind: string) => Object.assign(screen, { kind, title: label(page.description ?? page.pageCode ?? 'Imported page'), entity: entity?.name ?? 'unknownEntity' });

  if (table) {
    head('list');
    const queryUrl = tableProps.queryUrl as string | undefined;
    if (queryUrl && !entityByUrl(queryUrl, new Map(entity ? [[entity.name, entity]] : []))) screen.data = { list: { url: queryUrl.replace(/\{organizationId\}/g, '{tenantId}') } };
    const searchCode = tableProps.queryForm as string | undefined;
    const search = byType('DynamicSearchForm').find((t) => !searchCode || t.templateCode === searchCode) ?? byType('DynamicSearchForm')[0];
    if (search) {
      const sp = attrsToProps(search.config, search.props);
      screen.search = { columns: Math.min(4, columnsOf(sp.col ?? 3)), fields: fieldsOf(search) };
    }
    const toolbar = byType('DynamicToolbar').flatMap((t) => buttons(t, report));
    if (tableProps.batchRemoveUrl) toolbar.push({ type: 'delete', label: 'hzero.common.button.delete', style: 'danger', confirm: 'hzero.common.message.confirm.delete', disabled: 'len(selected) == 0' });
    if (toolbar.length) screen.toolbar = toolbar;
    const tableFields = [...(table.fields ?? [])].sort((a, b) => (a.orderSeq ?? 0) - (b.orderSeq ?? 0));
    const columns: Array<string | Json> = [];
    const rowActions: Json[] = [];
    for (const f of tableFields) {
      const at = `${table.templateCode}.${f.fieldName}`;
      const props = attrsToProps(f.config, f.props);
      bindings(props, at, report);
      if (f.componentType === 'Button' || props.btnKey) {
        report.push(`${at}: operation button "${f.fieldLabel ?? f.fieldName}" not carried over: add a row action`);
        continue;
      }
      if (entity && !entity.fields.some((x) => x.name === f.fieldName && !x.private)) report.push(`${at}: not a field of entity ${entity.name}; kept, fix the name or declare the field`);
      const c: Json = { field: f.fieldName };
      if (f.fieldLabel) c.label = label(f.fieldLabel);
      const width = Number(f.width ?? props.width);
      if (width) c.width = Math.max(40, Math.min(800, Math.round(width)));
      if (f.align === 'left' || f.align === 'right' || f.align === 'center') c.align = f.align;
      if (f.visiableFlag === 0) c.hidden = true;
      columns.push(Object.keys(c).length === 1 ? f.fieldName : c);
    }
    if (tableProps.removeUrl) rowActions.push({ type: 'delete', label: 'hzero.common.button.delete', confirm: 'hzero.common.message.confirm.delete' });
    const spec: Json = { columns: columns.length ? columns : [entity?.primaryKey ?? 'id'] };
    if (typeof tableProps.rowKey === 'string' && tableProps.rowKey !== entity?.primaryKey) spec.rowKey = tableProps.rowKey;
    if (tableProps.batchRemoveUrl) spec.selection = 'multiple';
    if (tableProps.defaultPageSize) spec.pageSize = Number(tableProps.defaultPageSize);
    if (rowActions.length) spec.rowActions = rowActions;
    screen.table = spec;
    for (const url of ['removeUrl', 'batchRemoveUrl'] as const) if (tableProps[url]) report.push(`${table.templateCode}: ${url} ${String(tableProps[url])} became a delete action on the entity's own path`);
    for (const f of forms) report.push(`${f.templateCode} (DynamicForm) beside a table: not carried over; make it a detail or create screen, or mark the columns editable and add a "form" action`);
  } else if (forms.length) {
    const fp = attrsToProps(forms[0]!.config, forms[0]!.props);
    const kind = fp.queryUrl ? 'detail' : 'create';
    head(kind);
    if (kind === 'detail') screen.idParam = /:(\w+)/.exec(o.route ?? '')?.[1] ?? entity?.primaryKey;
    screen.sections = forms.map((f) => {
      const p = attrsToProps(f.config, f.props);
      const section: Json = { columns: columnsOf(p.col), fields: fieldsOf(f) };
      if (f.description) section.title = label(f.description);
      return section;
    });
    if (kind === 'detail') {
      const actions = byType('DynamicToolbar').flatMap((t) => buttons(t, report));
      if (actions.length) screen.actions = actions;
    }
    for (const [k, v] of Object.entries(fp)) if (['queryUrl', 'submitUrl'].includes(k) && v && !entityByUrl(String(v), new Map(entity ? [[entity.name, entity]] : []))) report.push(`${forms[0]!.templateCode}: ${k} ${String(v)} is not the entity's path; set "data" by hand`);
  } else {
    head('list');
    screen.table = { columns: [entity?.primaryKey ?? 'id'] };
    report.push('the page has neither a DynamicTable nor a DynamicForm: an empty list was written');
  }
  for (const t of byType('DynamicModal')) report.push(`${t.templateCode} (DynamicModal): not carried over; use a detail screen, or editable columns with a "form" action`);
  for (const t of byType('DynamicTabs')) report.push(`${t.templateCode} (DynamicTabs): not carried over; detail screens take "tabs" (a table or sections each)`);
  for (const t of templates) if (!['DynamicTable', 'DynamicForm', 'DynamicSearchForm', 'DynamicToolbar', 'DynamicModal', 'DynamicTabs'].includes(t.templateType)) report.push(`${t.templateCode}: template type ${t.templateType} is unknown; left out`);
  if (page.script) report.push(`the page script (${page.script.length} characters) was neither run nor carried over`);
  return { screen, report };
}

/** Toolbar buttons: a button that opens a page becomes `navigate`; one calling a script is reported. */
function buttons(t: HzeroTemplate, report: string[]): Json[] {
  const out: Json[] = [];
  for (const f of [...(t.fields ?? [])].sort((a, b) => (a.orderSeq ?? 0) - (b.orderSeq ?? 0))) {
    const at = `${t.templateCode}.${f.fieldName}`;
    const props = attrsToProps(f.config, f.props);
    const cfg = (props.btnConfigs ?? {}) as Json;
    const url = (cfg.url ?? cfg.pageUrl ?? cfg.link) as string | undefined;
    if (typeof url === 'string' && url.startsWith('/') && (cfg.actionType === 'page' || cfg.openType === 'open' || !cfg.actionType)) {
      out.push({ type: 'navigate', label: label(f.fieldLabel ?? f.fieldName), ...(props.type === 'primary' ? { style: 'primary' } : {}), to: url.replace(/\{organizationId\}/g, '{tenantId}') });
      continue;
    }
    const click = (props.btn as Json | undefined)?.onClick ?? props.onClick;
    report.push(`${at}: button "${f.fieldLabel ?? f.fieldName}"${typeof click === 'string' ? ` calls ${click}` : ''}; not carried over (scripts are never run): add a navigate, request or form action`);
  }
  return out;
}
