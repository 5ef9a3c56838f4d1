import { describe, expect, it } from 'vitest';
import { parseWithOffset } from '../../src/custom/ui-page/editor-store.ts';
import { findings } from '../../src/custom/ui-page/findings.ts';
import { contextAt, locate } from '../../src/custom/ui-page/json-locate.ts';
import { entityAt, expectsFieldName, propertyHints, valueHints } from '../../src/custom/ui-page/schema-hints.ts';

const text = `{
  "version": 1,
  "kind": "list",
  "entity": "poHeader",
  "table": {
    "columns": [
      "displayPoNum",
      { "field": "supplierName", "width": 200 }
    ]
  }
}`;

describe('the designer finds JSON paths in the text', () => {
  it('locates the value a checker path names, and the nearest existing value when it goes deeper', () => {
    const r = locate(text, '/table/columns/1/field')!;
    expect(text.slice(r.from, r.to)).toBe('"supplierName"');
    expect(text.slice(...Object.values(locate(text, '/table/columns/0')!) as [number, number])).toBe('"displayPoNum"');
    const deeper = locate(text, '/table/rowActions/0/label')!;
    expect(text.slice(deeper.from, deeper.to)).toBe('"table"');
    expect(locate(text, '')).toEqual({ from: 0, to: 1 });
  });

  it('tells completion whether the cursor is at a key or a value, and where', () => {
    const atKey = text.indexOf('"width"') + 3;
    expect(contextAt(text, atKey)).toMatchObject({ where: 'key', path: ['table', 'columns', 1], prefix: 'wi', siblings: ['field'] });
    const atValue = text.indexOf('"supplierName"') + 4;
    expect(contextAt(text, atValue)).toMatchObject({ where: 'value', path: ['table', 'columns', 1, 'field'], prefix: 'sup' });
    const half = '{ "kind": "list", "table": { "co';
    expect(contextAt(half, half.length)).toMatchObject({ where: 'key', path: ['table'], prefix: 'co' });
    const newItem = '{ "table": { "columns": ["a", ';
    expect(contextAt(newItem, newItem.length)).toMatchObject({ where: 'value', path: ['table', 'columns', 1] });
  });

  it('offers what the meta-schema allows at a path, for the document kind', () => {
    const table = propertyHints(['table'], 'list').map((h) => h.label);
    expect(table).toEqual(expect.arrayContaining(['columns', 'rowActions', 'selection']));
    expect(propertyHints([], 'list').map((h) => h.label)).toContain('search');
    expect(propertyHints([], 'list').map((h) => h.label)).not.toContain('sections');
    expect(propertyHints([], 'detail').map((h) => h.label)).toContain('sections');
    expect(valueHints(['table', 'selection'], 'list').map((h) => h.label)).toEqual(['"single"', '"multiple"']);
    expect(expectsFieldName(['table', 'columns', 3])).toBe(true);
    expect(expectsFieldName(['table', 'columns', 3, 'field'])).toBe(true);
    expect(entityAt({ entity: 'a', tabs: [{ entity: 'b' }] }, ['tabs', 0, 'table', 'columns', 0])).toBe('b');
  });

  it('lists the JSON error with its line, and checker problems at their line', () => {
    const broken = '{\n  "kind": "list",\n  oops\n}';
    const { error } = parseWithOffset(broken);
    const f = findings({ text: broken, parseError: error!, problems: [], conflicts: [], refused: null, overlay: false });
    expect(f[0]).toMatchObject({ source: 'json', line: 3 });
    const p = findings({ text, parseError: null, problems: [{ file: 'X', path: '/table/columns/1/field', message: 'bad' }], conflicts: [], refused: null, overlay: false });
    expect(p).toEqual([expect.objectContaining({ source: 'check', line: 8, path: '/table/columns/1/field' })]);
    // An overlay's checker problems are in the merged screen: listed, not placed in the overlay's text.
    const o = findings({ text: '{"overlay": 1}', parseError: null, problems: [{ file: 'X', path: '/table', message: 'x' }], conflicts: [], refused: null, overlay: true });
    expect(o[0]!.line).toBeUndefined();
  });
});
