import { formatSchemaJson } from '../../../renderer/schema/format-json.ts';
import type { Label } from '../../../renderer/schema/label.ts';
import { type JsonNode, parseTolerant } from './json-locate.ts';

/**
 * The operations of the designer's form view, on the screen JSON as text. The text stays the
 * source of truth: every operation parses the current text, changes one list (or one item, or one
 * top-level property) and splices only that value back, re-formatted as the schema files are, so
 * the rest of the document keeps its layout and the diff before publishing shows just the change.
 * Pure functions: the view calls them and hands the result to the editor like typed text.
 */

export type Path = Array<string | number>;
export type ListGroup = 'search' | 'fields' | 'columns';

/** One editable row: a field or column reference with the properties the form view edits. */
export interface ItemRow {
  index: number;
  field: string;
  label?: Label;
  /** Columns. */
  width?: number;
  hidden?: boolean;
  /** Fields: a flag or an expression. */
  required?: boolean | string;
  visible?: string;
  lov?: string;
}

/** A list of fields or columns somewhere in the screen, with the entity its names belong to. */
export interface EditableList {
  path: Path;
  group: ListGroup;
  /** The section or tab title it sits under, if any. */
  title?: Label;
  /** Index of the tab it belongs to, for tab lists. */
  tab?: number;
  entity?: string;
  items: ItemRow[];
}

/** Properties the form view edits, per group (others are kept as they are). */
export const EDITABLE_PROPS: Record<ListGroup, Array<keyof ItemRow>> = {
  search: ['label', 'visible', 'lov'],
  fields: ['label', 'required', 'visible', 'lov'],
  columns: ['label', 'width', 'hidden'],
};

type Json = Record<string, unknown>;
type Item = string | Json;

const isObj = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);
const nameOf = (item: unknown) => (typeof item === 'string' ? item : isObj(item) ? String(item.field ?? '') : '');

function rowOf(item: unknown, index: number): ItemRow {
  if (!isObj(item)) return { index, field: nameOf(item) };
  const { field, label, width, hidden, required, visible, lov } = item;
  return {
    index,
    field: String(field ?? ''),
    ...(label !== undefined ? { label: label as Label } : {}),
    ...(typeof width === 'number' ? { width } : {}),
    ...(typeof hidden === 'boolean' ? { hidden } : {}),
    ...(typeof required === 'boolean' || typeof required === 'string' ? { required } : {}),
    ...(typeof visible === 'string' ? { visible } : {}),
    ...(typeof lov === 'string' ? { lov } : {}),
  };
}

/** The document, or undefined when the text is not a JSON object (the form view then waits). */
export function parseScreen(text: string): Json | undefined {
  try {
    const d: unknown = JSON.parse(text);
    return isObj(d) ? d : undefined;
  } catch {
    return undefined;
  }
}

/** Every list the form view shows, in document order: search, sections, table, then each tab's. */
export function editableLists(doc: Json): EditableList[] {
  const out: EditableList[] = [];
  const entity = typeof doc.entity === 'string' ? doc.entity : undefined;
  const push = (path: Path, group: ListGroup, list: unknown, extra: Partial<EditableList>) => {
    if (Array.isArray(list)) out.push({ path, group, entity, ...extra, items: list.map(rowOf) });
  };
  const sections = (base: Path, list: unknown, extra: Partial<EditableList>) => {
    if (!Array.isArray(list)) return;
    list.forEach((s, i) => isObj(s) && push([...base, i, 'fields'], 'fields', s.fields, { ...extra, title: s.title as Label | undefined }));
  };
  if (isObj(doc.search)) push(['search', 'fields'], 'search', doc.search.fields, {});
  sections(['sections'], doc.sections, {});
  if (isObj(doc.table)) push(['table', 'columns'], 'columns', doc.table.columns, {});
  if (Array.isArray(doc.tabs)) {
    doc.tabs.forEach((t, i) => {
      if (!isObj(t)) return;
      const extra: Partial<EditableList> = { tab: i, title: t.title as Label | undefined, ...(typeof t.entity === 'string' ? { entity: t.entity } : {}) };
      sections(['tabs', i, 'sections'], t.sections, extra);
      if (isObj(t.table)) push(['tabs', i, 'table', 'columns'], 'columns', t.table.columns, extra);
    });
  }
  return out;
}

function valueAt(doc: unknown, path: Path): unknown {
  let v = doc;
  for (const seg of path) v = Array.isArray(v) ? v[Number(seg)] : isObj(v) ? v[String(seg)] : undefined;
  return v;
}

/** The node of a path in the tolerant tree, with the text range of its whole value. */
function nodeAt(root: JsonNode | undefined, path: Path): JsonNode | undefined {
  let node = root;
  for (const seg of path) {
    if (!node) return undefined;
    if (node.type === 'object') node = node.props.find((p) => p.key === String(seg))?.value;
    else if (node.type === 'array') node = node.items[Number(seg)];
    else return undefined;
  }
  return node;
}

/** Leading white space of the line holding `pos`, and the column of `pos`. */
function lineAt(text: string, pos: number): { indent: string; column: number } {
  const start = text.lastIndexOf('\n', pos - 1) + 1;
  return { indent: /^[ \t]*/.exec(text.slice(start))![0], column: pos - start };
}

/** `value` formatted as the schema files are, for a place starting at `pos` in `text`. */
function render(text: string, pos: number, value: unknown): string {
  const { indent, column } = lineAt(text, pos);
  const out = formatSchemaJson(value, Math.max(40, 110 - column)).replace(/\n$/, '');
  return out.split('\n').join(`\n${indent}`);
}

/**
 * `text` with the value at `path` replaced by `value`. A missing last key is added to its object
 * (after the last property, on its own line); any other missing step is an error.
 */
export function spliceValue(text: string, path: Path, value: unknown): string {
  const root = parseTolerant(text);
  const node = nodeAt(root, path);
  if (node) return text.slice(0, node.from) + render(text, node.from, value) + text.slice(node.to);
  const parent = nodeAt(root, path.slice(0, -1));
  if (!parent || parent.type !== 'object') throw new Error(`nothing at /${path.join('/')}`);
  const key = JSON.stringify(String(path.at(-1)));
  const last = parent.props.at(-1);
  if (!last?.value) {
    const { indent } = lineAt(text, parent.from);
    const inner = `${indent}  `;
    return `${text.slice(0, parent.from)}{\n${inner}${key}: ${formatSchemaJson(value).replace(/\n$/, '')}\n${indent}}${text.slice(parent.to)}`;
  }
  const { indent } = lineAt(text, last.keyFrom);
  const at = last.value.to;
  const head = `${text.slice(0, at)},\n${indent}${key}: `;
  return head + render(head, head.length, value) + text.slice(at);
}

function listOf(text: string, path: Path): { doc: Json; list: Item[] } {
  const doc = parseScreen(text);
  if (!doc) throw new Error('the JSON does not parse');
  const list = valueAt(doc, path);
  if (!Array.isArray(list)) throw new Error(`/${path.join('/')} is not a list`);
  return { doc, list: list as Item[] };
}

/** Appends a field (by name) to a list. */
export function addItem(text: string, path: Path, field: string): string {
  const { list } = listOf(text, path);
  return spliceValue(text, path, [...list, field]);
}

export function removeItem(text: string, path: Path, index: number): string {
  const { list } = listOf(text, path);
  return spliceValue(text, path, list.filter((_, i) => i !== index));
}

/** Moves an item up (`delta` -1) or down (+1); a move past either end changes nothing. */
export function moveItem(text: string, path: Path, index: number, delta: number): string {
  const { list } = listOf(text, path);
  const to = index + delta;
  if (to < 0 || to >= list.length || index < 0 || index >= list.length) return text;
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return spliceValue(text, path, next);
}

/** An "unset" value: the property is removed rather than written empty. */
const unset = (key: keyof ItemRow, v: unknown) => v === undefined || v === null || v === '' || (key === 'hidden' && v === false) || (key === 'required' && v === false);

/**
 * Sets (or, for an empty value, removes) one property of an item. A plain name becomes an object
 * when it gets a property, and an object left with only its `field` becomes a plain name again,
 * so editing back and forth leaves the text as it was.
 */
export function setItemProp(text: string, path: Path, index: number, key: Exclude<keyof ItemRow, 'index' | 'field'>, value: unknown): string {
  const { list } = listOf(text, path);
  const item = list[index];
  if (item === undefined) throw new Error(`/${path.join('/')}/${index} does not exist`);
  const obj: Json = typeof item === 'string' ? { field: item } : { ...item };
  if (unset(key, value)) delete obj[key];
  else obj[key] = value;
  const next: Item = Object.keys(obj).length === 1 && obj.field !== undefined ? String(obj.field) : obj;
  if (JSON.stringify(next) === JSON.stringify(item)) return text;
  return spliceValue(text, [...path, index], next);
}

/** A top-level property of the screen (title, kind); an empty value removes nothing (both are required). */
export function setScreenProp(text: string, key: 'title' | 'kind', value: Label): string {
  const doc = parseScreen(text);
  if (!doc) throw new Error('the JSON does not parse');
  if (value === '' || JSON.stringify(doc[key]) === JSON.stringify(value)) return text;
  return spliceValue(text, [key], value);
}

/** Names of `declared` that the list does not show yet (what the "add" select offers). */
export function addableFields(list: EditableList, declared: string[]): string[] {
  const shown = new Set(list.items.map((r) => r.field));
  return declared.filter((n) => !shown.has(n));
}
