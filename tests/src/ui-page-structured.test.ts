import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addableFields, addItem, editableLists, moveItem, parseScreen, removeItem, setItemProp, setScreenProp, spliceValue } from '../../src/custom/ui-page/structured-edit.ts';

/** The designer's form view: operations on the screen text, each a small splice of valid JSON. */
const list = `{
  "version": 1,
  "kind": "list",
  "title": "sodr.sendOrder.title",
  "entity": "poHeader",
  "search": { "fields": ["displayPoNum", "supplierName"] },
  "table": {
    "columns": [
      "displayPoNum",
      { "field": "supplierName", "width": 200 },
      "companyName"
    ]
  }
}
`;

const detail = {
  version: 1,
  kind: 'detail',
  title: 't',
  entity: 'poHeader',
  sections: [{ title: 'head', fields: ['displayPoNum', { field: 'remark', span: 3 }] }],
  tabs: [{ title: 'lines', kind: 'table', entity: 'poLine', table: { columns: ['lineNum', 'itemName'] } }],
};

const doc = (text: string) => parseScreen(text)!;
const columns = (text: string) => (doc(text).table as { columns: unknown[] }).columns;

describe('the form view reads the lists of a screen', () => {
  it('lists search fields, table columns, section fields and tab lists with their entity and rows', () => {
    const lists = editableLists(doc(list));
    expect(lists.map((l) => [l.path.join('/'), l.group, l.entity])).toEqual([
      ['search/fields', 'search', 'poHeader'],
      ['table/columns', 'columns', 'poHeader'],
    ]);
    expect(lists[1]!.items[1]).toEqual({ index: 1, field: 'supplierName', width: 200 });
    const d = editableLists(detail as never);
    expect(d.map((l) => [l.path.join('/'), l.group, l.entity, l.title])).toEqual([
      ['sections/0/fields', 'fields', 'poHeader', 'head'],
      ['tabs/0/table/columns', 'columns', 'poLine', 'lines'],
    ]);
    expect(addableFields(lists[1]!, ['displayPoNum', 'supplierName', 'companyName', 'remark', 'statusCode'])).toEqual(['remark', 'statusCode']);
  });

  it('does not read a text that does not parse', () => {
    expect(parseScreen('{ "kind": ')).toBeUndefined();
    expect(() => addItem('{ "kind": ', ['table', 'columns'], 'x')).toThrow(/does not parse/);
  });
});

describe('the form view edits the text', () => {
  it('adds, removes and moves items, changing only the list', () => {
    const added = addItem(list, ['table', 'columns'], 'statusCode');
    expect(columns(added)).toEqual(['displayPoNum', { field: 'supplierName', width: 200 }, 'companyName', 'statusCode']);
    // Everything outside the list keeps its layout.
    expect(added.startsWith(list.slice(0, list.indexOf('"columns"')))).toBe(true);
    expect(added.endsWith('  }\n}\n')).toBe(true);

    expect(columns(removeItem(added, ['table', 'columns'], 0))).toEqual([{ field: 'supplierName', width: 200 }, 'companyName', 'statusCode']);
    expect(columns(moveItem(list, ['table', 'columns'], 2, -1))).toEqual(['displayPoNum', 'companyName', { field: 'supplierName', width: 200 }]);
    expect(moveItem(list, ['table', 'columns'], 0, -1)).toBe(list);
    expect(moveItem(list, ['table', 'columns'], 2, 1)).toBe(list);
    expect((doc(moveItem(list, ['search', 'fields'], 0, 1)).search as { fields: string[] }).fields).toEqual(['supplierName', 'displayPoNum']);
  });

  it('sets and clears item properties; a name becomes an object and back, so the text round-trips', () => {
    const hidden = setItemProp(list, ['table', 'columns'], 2, 'hidden', true);
    expect(columns(hidden)[2]).toEqual({ field: 'companyName', hidden: true });
    expect(hidden).toContain('{ "field": "companyName", "hidden": true }');
    // Only that line changed.
    expect(hidden.split('\n').filter((l, i) => l !== list.split('\n')[i])).toEqual(['      { "field": "companyName", "hidden": true }']);
    expect(setItemProp(hidden, ['table', 'columns'], 2, 'hidden', false)).toBe(list);

    const wide = setItemProp(list, ['table', 'columns'], 1, 'width', 260);
    expect(columns(wide)[1]).toEqual({ field: 'supplierName', width: 260 });
    expect(setItemProp(wide, ['table', 'columns'], 1, 'width', undefined)).toContain('      "supplierName",\n');

    const labelled = setItemProp(list, ['search', 'fields'], 1, 'label', 'sodr.vendor');
    expect((doc(labelled).search as { fields: unknown[] }).fields[1]).toEqual({ field: 'supplierName', label: 'sodr.vendor' });
    const req = setItemProp(spliceValue(list, ['sections'], [{ fields: ['remark'] }]), ['sections', 0, 'fields'], 0, 'required', true);
    expect((doc(req).sections as Array<{ fields: unknown[] }>)[0]!.fields).toEqual([{ field: 'remark', required: true }]);
    const vis = setItemProp(req, ['sections', 0, 'fields'], 0, 'visible', "record.statusCode == 'NEW'");
    const lov = setItemProp(vis, ['sections', 0, 'fields'], 0, 'lov', 'SODR.PO_TYPE');
    expect((doc(lov).sections as Array<{ fields: unknown[] }>)[0]!.fields).toEqual([{ field: 'remark', required: true, visible: "record.statusCode == 'NEW'", lov: 'SODR.PO_TYPE' }]);
    // Setting what is there already gives the same text back.
    expect(setItemProp(wide, ['table', 'columns'], 1, 'width', 260)).toBe(wide);
  });

  it('keeps an edit made in the JSON in between (the text is the source of truth)', () => {
    const a = setItemProp(list, ['table', 'columns'], 0, 'label', 'x.number');
    // The author types in the JSON editor: another column's width changes.
    const typed = a.replace('"width": 200', '"width": 321');
    const b = setItemProp(typed, ['table', 'columns'], 2, 'hidden', true);
    expect(columns(b)).toEqual([{ field: 'displayPoNum', label: 'x.number' }, { field: 'supplierName', width: 321 }, { field: 'companyName', hidden: true }]);
    const back = setItemProp(setItemProp(b, ['table', 'columns'], 2, 'hidden', false), ['table', 'columns'], 0, 'label', '');
    expect(back).toBe(typed.replace('{ "field": "displayPoNum", "label": "x.number" }', '"displayPoNum"'));
    expect(back).toBe(list.replace('"width": 200', '"width": 321'));
  });

  it('sets the title and kind, adding a missing title after the last property', () => {
    const t = setScreenProp(list, 'title', 'sodr.other.title');
    expect(doc(t).title).toBe('sodr.other.title');
    expect(t.split('\n').length).toBe(list.split('\n').length);
    expect(doc(setScreenProp(list, 'kind', 'detail')).kind).toBe('detail');
    const untitled = JSON.stringify({ version: 1, kind: 'list', table: { columns: ['a'] } }, null, 2);
    const titled = setScreenProp(untitled, 'title', { zh_CN: '订单', en_US: 'Orders' });
    expect(doc(titled)).toEqual({ version: 1, kind: 'list', table: { columns: ['a'] }, title: { zh_CN: '订单', en_US: 'Orders' } });
    expect(titled).toContain('\n  "title": { "zh_CN": "订单", "en_US": "Orders" }\n}');
    expect(setScreenProp(list, 'title', '')).toBe(list);
  });

  it('edits a real schema file keeping every other line, and the result still parses', () => {
    const file = readFileSync(join(__dirname, '../../schemas/sodr/send-order.list.json'), 'utf8');
    const cols = editableLists(doc(file)).find((l) => l.group === 'columns')!;
    const i = cols.items.findIndex((r) => r.field === 'companyName');
    const next = setItemProp(file, cols.path, i, 'hidden', true);
    expect(parseScreen(next)).toBeDefined();
    const changed = next.split('\n').filter((l) => !file.split('\n').includes(l));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('"hidden": true');
  });
});
