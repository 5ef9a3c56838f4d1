import { describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { applyOverlay, isBlocking, overlayConflicts, type ScreenOverlay, validateOverlay } from '../../renderer/schema/overlay.ts';
import { resolveField } from '../../renderer/schema/resolve-field.ts';

/** One test per rule of docs/overlays.md, in its order. */
type Json = Record<string, unknown>;

const list = (): Json => ({
  version: 1,
  kind: 'list',
  title: 't',
  entity: 'order',
  search: { fields: ['code', 'supplier', 'status'] },
  table: { columns: ['code', { field: 'supplier', label: 'base.supplier', width: 200 }, 'amount', 'status'] },
});

const detail = (): Json => ({
  version: 1,
  kind: 'detail',
  title: 't',
  entity: 'order',
  sections: [
    { title: 'head', fields: ['code', 'supplier', { field: 'remark', span: 3 }] },
    { title: 'more', fields: ['currency', 'status'] },
  ],
  tabs: [{ title: 'lines', kind: 'table', table: { columns: ['item', 'qty', 'price'] }, sections: [{ fields: ['supplier'] }] }],
});

const entity = {
  name: 'order',
  fields: [
    { name: 'code', type: 'string', required: true },
    { name: 'supplier', type: 'string' },
    { name: 'currency', type: 'string', required: true, default: 'CNY' },
    { name: 'status', type: 'string' },
    { name: 'remark', type: 'text' },
  ],
} as unknown as EntityDecl;

const names = (items: unknown[]) => items.map((x) => (typeof x === 'string' ? x : (x as Json).field));
const o = (x: Partial<ScreenOverlay>): ScreenOverlay => ({ overlay: 1, ...x });
const cols = (s: Json) => (s.table as Json).columns as unknown[];

describe('overlay merge rules (docs/overlays.md)', () => {
  it('1. the overlay wins for what it names; everything else comes from the base', () => {
    const { screen, conflicts } = applyOverlay(list(), o({ columns: { supplier: { label: { zh_CN: '供方', en_US: 'Vendor' } } } }));
    expect(cols(screen)[1]).toEqual({ field: 'supplier', label: { zh_CN: '供方', en_US: 'Vendor' }, width: 200 });
    expect(screen.title).toBe('t');
    expect(conflicts).toEqual([]);
    // A base change elsewhere reaches the merged screen: nothing of the base is copied into the overlay.
    const changed = { ...list(), title: 'new title' };
    expect(applyOverlay(changed, o({ columns: { supplier: { width: 90 } } })).screen.title).toBe('new title');
  });

  it('2. groups: search fields, form fields (sections and tab sections) and columns (every table) are separate', () => {
    const { screen } = applyOverlay(detail(), o({ fields: { supplier: { label: 'x.vendor' } }, columns: { qty: { width: 80 } } }));
    const sections = screen.sections as Json[];
    expect(sections[0]!.fields).toContainEqual({ field: 'supplier', label: 'x.vendor' });
    const tab = (screen.tabs as Json[])[0]!;
    expect((tab.sections as Json[])[0]!.fields).toEqual([{ field: 'supplier', label: 'x.vendor' }]);
    expect((tab.table as Json).columns).toContainEqual({ field: 'qty', width: 80 });
    const l = applyOverlay(list(), o({ search: { supplier: { label: 'x.s' } } })).screen;
    expect(cols(l)[1]).toEqual({ field: 'supplier', label: 'base.supplier', width: 200 });
    expect(((l.search as Json).fields as unknown[])[1]).toEqual({ field: 'supplier', label: 'x.s' });
  });

  it('3. hidden removes a search field or column; a hidden form field stays in the form, invisible', () => {
    const l = applyOverlay(list(), o({ columns: { amount: { hidden: true } }, search: { status: { hidden: true } } })).screen;
    expect(names(cols(l))).toEqual(['code', 'supplier', 'status']);
    expect(names((l.search as Json).fields as unknown[])).toEqual(['code', 'supplier']);
    const d = applyOverlay(detail(), o({ fields: { remark: { hidden: true } } }), entity).screen;
    expect((d.sections as Json[])[0]!.fields).toContainEqual({ field: 'remark', span: 3, visible: 'false' });
  });

  it('4. hidden + required: hidden only with a default; without one the field stays visible and it is a conflict', () => {
    const withDefault = applyOverlay(detail(), o({ fields: { currency: { hidden: true } } }), entity);
    expect((withDefault.screen.sections as Json[])[1]!.fields).toContainEqual({ field: 'currency', visible: 'false' });
    expect(withDefault.conflicts).toEqual([]);
    const noDefault = applyOverlay(detail(), o({ fields: { code: { hidden: true } } }), entity);
    expect((noDefault.screen.sections as Json[])[0]!.fields).toContain('code');
    expect(noDefault.conflicts).toEqual([expect.objectContaining({ path: '/fields/code/hidden', kind: 'hidden-required' })]);
    const ownDefault = applyOverlay(detail(), o({ fields: { code: { hidden: true, defaultValue: 'AUTO' } } }), entity);
    expect((ownDefault.screen.sections as Json[])[0]!.fields).toContainEqual({ field: 'code', defaultValue: 'AUTO', visible: 'false' });
    const madeRequired = applyOverlay(detail(), o({ fields: { status: { hidden: true, required: true } } }), entity);
    expect(madeRequired.conflicts.map((c) => c.kind)).toEqual(['hidden-required']);
  });

  it('5. ordering: listed names first, in the listed order; the others follow in base order', () => {
    const { screen } = applyOverlay(list(), o({ order: { columns: ['status', 'code'] } }));
    expect(names(cols(screen))).toEqual(['status', 'code', 'supplier', 'amount']);
    const d = applyOverlay(detail(), o({ order: { fields: ['remark', 'status'] } })).screen;
    expect(names((d.sections as Json[])[0]!.fields as unknown[])).toEqual(['remark', 'code', 'supplier']);
    expect(names((d.sections as Json[])[1]!.fields as unknown[])).toEqual(['status', 'currency']);
    // A column the base adds later appears after the ordered ones.
    const grown = list();
    (cols(grown) as unknown[]).push('newColumn');
    expect(names(cols(applyOverlay(grown, o({ order: { columns: ['status'] } })).screen))).toEqual(['status', 'code', 'supplier', 'amount', 'newColumn']);
  });

  it('6a. base change: an entry naming something the base no longer has is skipped and reported', () => {
    const base = list();
    (base.table as Json).columns = ['code', 'status'];
    const { screen, conflicts } = applyOverlay(base, o({ columns: { amount: { width: 90 } }, order: { columns: ['amount', 'status'] } }));
    expect(names(cols(screen))).toEqual(['status', 'code']);
    expect(conflicts).toEqual([expect.objectContaining({ path: '/columns/amount', kind: 'missing' }), expect.objectContaining({ path: '/order/columns/0', kind: 'missing' })]);
    expect(conflicts.every(isBlocking)).toBe(true);
  });

  it('6b. base change: the base changing a property the overlay overrides is reported, and the overlay still wins', () => {
    const before = list();
    const after = list();
    ((after.table as Json).columns as Json[])[1] = { field: 'supplier', label: 'base.vendor', width: 200 };
    const overlay = o({ columns: { supplier: { label: 'tenant.vendor', width: 150 } } });
    const conflicts = overlayConflicts(after, overlay, before);
    expect(conflicts).toEqual([expect.objectContaining({ path: '/columns/supplier/label', kind: 'base-changed' })]);
    expect(conflicts.some(isBlocking)).toBe(false);
    expect(cols(applyOverlay(after, overlay).screen)[1]).toMatchObject({ label: 'tenant.vendor' });
    expect(overlayConflicts(after, overlay, after)).toEqual([]);
  });

  it('7. a LOV code replaces the value set of search and form fields; an unknown code is invalid, columns and lookups keep theirs', () => {
    const { screen, conflicts } = applyOverlay(detail(), o({ fields: { status: { lov: 'X.STATUS', label: 'x.status' } } }));
    expect((screen.sections as Json[])[1]!.fields).toContainEqual({ field: 'status', label: 'x.status', lov: 'X.STATUS' });
    expect(conflicts).toEqual([]);
    // The renderer takes the field's value set from the merged reference: a select over X.STATUS.
    const resolved = resolveField(entity, { field: 'status', lov: 'X.STATUS' }, '/sections/1/fields/1');
    expect([resolved.widget, resolved.decl.lov]).toEqual(['select', 'X.STATUS']);
    expect((applyOverlay(list(), o({ search: { status: { lov: 'X.STATUS' } } })).screen.search as Json).fields).toEqual(['code', 'supplier', { field: 'status', lov: 'X.STATUS' }]);
    // Columns show the meaning the server computes from the entity's set: not applicable there.
    const col = applyOverlay(list(), o({ columns: { status: { lov: 'X.STATUS' } } }));
    expect(cols(col.screen)[3]).toBe('status');
    expect(col.conflicts).toEqual([expect.objectContaining({ path: '/columns/status/lov', kind: 'unsupported' })]);
    // The checker knows the codes that exist: an unknown one blocks publishing, with a suggestion.
    const known = { lovCodes: new Set(['X.STATUS', 'X.TYPE']) };
    const typo = overlayConflicts(detail(), o({ fields: { status: { lov: 'X.STATUZ' } } }), undefined, entity, known);
    expect(typo).toEqual([{ path: '/fields/status/lov', kind: 'invalid', message: expect.stringContaining('did you mean "X.STATUS"') }]);
    expect(typo.some(isBlocking)).toBe(true);
    expect(overlayConflicts(detail(), o({ fields: { status: { lov: 'X.STATUS' } } }), undefined, entity, known)).toEqual([]);
    expect(validateOverlay(o({ fields: { status: { lov: '' } } }))).toEqual([expect.objectContaining({ path: '/fields/status/lov', kind: 'invalid' })]);
    // A lookup field (LOV view) is not a value-set select: reported and left alone.
    const withView = { ...entity, fields: [...entity.fields.filter((f) => f.name !== 'supplier'), { name: 'supplier', type: 'string', lovView: 'X.SUPPLIER' }] } as unknown as EntityDecl;
    const lookup = applyOverlay(detail(), o({ fields: { supplier: { lov: 'X.STATUS' } } }), withView);
    expect((lookup.screen.sections as Json[])[0]!.fields).toContain('supplier');
    expect(lookup.conflicts).toEqual([expect.objectContaining({ path: '/fields/supplier/lov', kind: 'unsupported' })]);
  });

  it('8. a property that does not apply to its group is ignored and reported', () => {
    const { screen, conflicts } = applyOverlay(list(), o({ columns: { code: { required: true } }, search: { code: { width: 90 } } }));
    expect(cols(screen)[0]).toBe('code');
    expect(conflicts.map((c) => c.path)).toEqual(['/search/code/width', '/columns/code/required']);
  });

  it('9. shape: only overlay documents are applied; a malformed entry is reported at its path', () => {
    expect(validateOverlay({ columns: {} })).toEqual([expect.objectContaining({ path: '/overlay', kind: 'invalid' })]);
    const bad = { overlay: 1, columns: { code: { hidden: 'yes', colour: 'red' } }, order: { rows: ['x'] }, extra: 1 };
    expect(validateOverlay(bad).map((c) => c.path)).toEqual(['/extra', '/columns/code/hidden', '/columns/code/colour', '/order/rows']);
    expect(overlayConflicts(list(), bad)).toHaveLength(4);
  });

  it('10. merging never changes the base document', () => {
    const base = detail();
    const copy = structuredClone(base);
    applyOverlay(base, o({ fields: { remark: { hidden: true } }, order: { fields: ['status'] }, columns: { qty: { hidden: true } } }), entity);
    expect(base).toEqual(copy);
  });
});
