import type { PageKindDef, ScreenChecker } from './definition.ts';

type Json = Record<string, unknown>;

const detail: PageKindDef = {
  description: 'One record: form sections, tabs of lines or child records, actions, history',
  definition: 'detailScreen',
  check(doc, c) {
    const data = (doc.data ?? {}) as Json;
    const e = c.entity;
    const idParam = (doc.idParam as string) ?? e?.primaryKey;
    if (idParam && c.routes.length && !c.routeParams.has(idParam) && !data.get) c.add('/idParam', `the route binds no ":${idParam}"; routes: ${c.routes.join(', ')}`);
    c.sections(doc.sections, '/sections', e);
    ((doc.actions as Json[]) ?? []).forEach((a, i) => c.action(a, `/actions/${i}`, e));
    ((doc.tabs as Json[]) ?? []).forEach((t, i) => detailTab(t, `/tabs/${i}`, c));
    c.endpoint(data.get, '/data/get', 'GET', e);
    c.endpoint(data.update, '/data/update', 'PUT', e);
  },
};

function detailTab(t: Json, path: string, c: ScreenChecker): void {
  c.label(t.title, `${path}/title`);
  const te = t.entity ? c.ctx.entities.get(t.entity as string) : c.entity;
  if (t.entity && !te) c.add(`${path}/entity`, `unknown entity "${String(t.entity)}"`);
  c.table(t.table as Json, `${path}/table`, te);
  c.sections(t.sections, `${path}/sections`, te);
  for (const [k, v] of Object.entries((t.filter as Json) ?? {})) {
    if (te && !te.fields.some((f) => f.name === k)) c.add(`${path}/filter/${k}`, `"${k}" is not a field of ${te.name}`);
    c.urlParams(String(v), `${path}/filter/${k}`, c.entity);
  }
}

/**
 * Every page kind of the schema language, keyed by `kind`. Its definition in screen.meta.json
 * describes the screen's shape; `check` looks at what the meta-schema cannot (entities, routes,
 * endpoints, labels). The renderer's implementation table is keyed by the same names.
 */
export const PAGE_KINDS = {
  list: {
    description: 'A searchable, paged, sortable table of records with toolbar and row actions',
    definition: 'listScreen',
    check(doc, c) {
      const data = (doc.data ?? {}) as Json;
      ((doc.search as Json)?.fields as unknown[] | undefined)?.forEach((f, i) => c.field(c.entity, f, `/search/fields/${i}`, 'field'));
      ((doc.toolbar as Json[]) ?? []).forEach((a, i) => c.action(a, `/toolbar/${i}`, c.entity));
      c.table(doc.table as Json, '/table', c.entity);
      c.endpoint(data.list, '/data/list', 'GET', c.entity);
    },
  },
  detail,
  form: { ...detail, description: 'A detail page opened for editing' },
  edit: { ...detail, description: 'A detail page opened for editing' },
  create: {
    description: 'A form that creates a record, then opens `afterSubmit`',
    definition: 'createScreen',
    check(doc, c) {
      const data = (doc.data ?? {}) as Json;
      c.sections(doc.sections, '/sections', c.entity);
      c.endpoint(data.create, '/data/create', 'POST', c.entity);
      if (typeof doc.afterSubmit === 'string' && !c.routeServed(doc.afterSubmit)) c.add('/afterSubmit', `no screen serves ${doc.afterSubmit}`);
    },
  },
  dashboard: {
    description: 'Cards of counts and short lists, each from its own endpoint, a registered component (a report chart), or a prompt leading to a next step',
    definition: 'dashboardScreen',
    check(doc, c) {
      ((doc.cards as Json[]) ?? []).forEach((card, i) => {
        c.label(card.title, `/cards/${i}/title`);
        if (card.kind === 'prompt') {
          c.label(card.text, `/cards/${i}/text`);
          if (typeof card.link === 'string' && !c.routeServed(card.link)) c.add(`/cards/${i}/link`, `no screen serves ${card.link}`);
        } else if (card.kind === 'component') {
          const name = String(card.component);
          if (!c.ctx.customComponents.has(name)) c.add(`/cards/${i}/component`, `no custom component "${name}" is registered${c.suggest(name, c.ctx.customComponents)}`);
        } else c.endpoint(card.data, `/cards/${i}/data`, 'GET');
      });
    },
  },
  custom: {
    description: 'A component registered by name for a step a schema cannot express',
    definition: 'customScreen',
    check(doc, c) {
      const name = String(doc.component);
      if (!c.ctx.customComponents.has(name)) c.add('/component', `no custom component "${name}" is registered${c.suggest(name, c.ctx.customComponents)}`);
    },
  },
  wizard: {
    description: 'A record entered step by step: each step its fields or lines with their own validation, saved as a draft on "next" and resumed where it was left, a preview of all steps, then a status action (submit)',
    definition: 'wizardScreen',
    check(doc, c) {
      const data = (doc.data ?? {}) as Json;
      const steps = (doc.steps as Json[]) ?? [];
      const keys = new Set<string>();
      steps.forEach((st, i) => {
        const p = `/steps/${i}`;
        c.label(st.title, `${p}/title`);
        if (keys.has(String(st.key))) c.add(`${p}/key`, `step key "${String(st.key)}" is used twice`);
        keys.add(String(st.key));
        if (typeof st.route === 'string' && c.routes.length && !c.routes.includes(st.route)) c.add(`${p}/route`, `the screen does not serve ${st.route}; routes: ${c.routes.join(', ')}`);
        c.sections(st.sections, `${p}/sections`, c.entity);
        if (st.lines) detailTab(st.lines as Json, `${p}/lines`, c);
        ((st.actions as Json[]) ?? []).forEach((a, j) => c.action(a, `${p}/actions/${j}`, c.entity));
      });
      if (doc.doneStep !== undefined && !keys.has(String(doc.doneStep))) c.add('/doneStep', `no step has the key "${String(doc.doneStep)}"`);
      const sf = doc.stepField as string | undefined;
      if (sf && c.entity && !c.entity.fields.some((f) => f.name === sf)) c.add('/stepField', `"${sf}" is not a field of ${c.entity.name}`);
      c.expr(doc.readOnly, '/readOnly');
      c.expr(doc.done, '/done');
      c.endpoint(data.current, '/data/current', 'GET', c.entity);
    },
  },
} satisfies Record<string, PageKindDef>;

export type PageKind = keyof typeof PAGE_KINDS;
