import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { OVERLAY_GROUPS } from '../../../renderer/schema/overlay.ts';
import { type CursorContext, contextAt, parseTolerant } from './json-locate.ts';
import { entityAt, expectsFieldName, type Hint, propertyHints, valueHints } from './schema-hints.ts';

/** What completion knows besides the meta-schema: names the registries and entities hold. */
export interface CompletionEnv {
  /** The page is a tenant overlay: complete the overlay's keys and the base's field names. */
  overlay: boolean;
  baseDoc?: Record<string, unknown>;
  entities: string[];
  entityFields(name: string): Promise<string[]>;
  actionTypes: string[];
  widgets: string[];
  cells: string[];
  components: string[];
  routes: string[];
}

type Json = Record<string, unknown>;

/** The document as far as it parses; the kind is read from the text when it does not. */
function docOf(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    const kind = /"kind"\s*:\s*"(\w+)"/.exec(text)?.[1];
    const entity = /"entity"\s*:\s*"(\w+)"/.exec(text)?.[1];
    return { kind, entity };
  }
}

/** Replaces the whole token being typed (quotes included) with `insert`. */
const replacing = (c: CursorContext, insert: string) => (view: EditorView) => {
  view.dispatch({ changes: { from: c.from, to: Math.max(c.to, view.state.selection.main.head), insert }, selection: { anchor: c.from + insert.length } });
};

function keyOptions(c: CursorContext, hints: Hint[], hasColon: boolean): Completion[] {
  return hints
    .filter((h) => !c.siblings.includes(h.label))
    .map((h) => ({ label: h.label, type: 'property', detail: h.detail?.slice(0, 60), apply: replacing(c, hasColon ? JSON.stringify(h.label) : `${JSON.stringify(h.label)}: `) }));
}

const valueOptions = (c: CursorContext, values: string[], type: string): Completion[] => values.map((v) => ({ label: v, type, apply: replacing(c, JSON.stringify(v)) }));

/** Names of the fields and columns a base screen has, for an overlay's groups. */
function baseNames(base: Json | undefined, group: string): string[] {
  const out = new Set<string>();
  const add = (list: unknown) => {
    for (const x of Array.isArray(list) ? list : []) out.add(typeof x === 'string' ? x : String((x as Json)?.field));
  };
  const tabs = (base?.tabs as Json[] | undefined) ?? [];
  if (group === 'search') add((base?.search as Json | undefined)?.fields);
  if (group === 'fields') for (const s of [...((base?.sections as Json[]) ?? []), ...tabs.flatMap((t) => (t.sections as Json[]) ?? [])]) add(s.fields);
  if (group === 'columns') for (const t of [base?.table as Json | undefined, ...tabs.map((x) => x.table as Json | undefined)]) add(t?.columns);
  return [...out];
}

function overlayOptions(c: CursorContext, env: CompletionEnv, hasColon: boolean): Completion[] {
  const [group, name] = c.path;
  if (c.where === 'key') {
    if (c.path.length === 0) return keyOptions(c, ['overlay', ...OVERLAY_GROUPS, 'order'].map((label) => ({ label })), hasColon);
    if (c.path.length === 1 && (OVERLAY_GROUPS as string[]).includes(String(group))) return keyOptions(c, baseNames(env.baseDoc, String(group)).map((label) => ({ label })), hasColon);
    if (c.path.length === 1 && group === 'order') return keyOptions(c, OVERLAY_GROUPS.map((label) => ({ label })), hasColon);
    if (c.path.length === 2) {
      const keys = group === 'columns' ? ['label', 'hidden', 'width'] : group === 'search' ? ['label', 'hidden', 'lov'] : ['label', 'hidden', 'required', 'defaultValue', 'lov'];
      return keyOptions(c, keys.map((label) => ({ label })), hasColon);
    }
    return [];
  }
  if (group === 'order' && c.path.length === 3) return valueOptions(c, baseNames(env.baseDoc, String(name)), 'variable');
  const last = c.path[c.path.length - 1];
  if (last === 'hidden' || last === 'required') return ['true', 'false'].map((label) => ({ label, type: 'keyword' }));
  return [];
}

async function valueCandidates(c: CursorContext, doc: Json | undefined, env: CompletionEnv): Promise<Completion[]> {
  const key = c.path[c.path.length - 1];
  const out: Completion[] = valueHints(c.path, doc?.kind).map((h) => ({ label: h.label, type: 'enum', apply: replacing(c, h.label) }));
  if (expectsFieldName(c.path)) {
    const entity = entityAt(doc, c.path);
    if (entity) out.push(...valueOptions(c, await env.entityFields(entity).catch(() => []), 'variable'));
  }
  const inActions = c.path.some((p) => p === 'toolbar' || p === 'rowActions' || p === 'actions');
  if (key === 'entity') out.push(...valueOptions(c, env.entities, 'class'));
  if (key === 'type' && inActions) out.push(...valueOptions(c, env.actionTypes, 'function'));
  if (key === 'widget') out.push(...valueOptions(c, env.widgets, 'type'));
  if (key === 'cell') out.push(...valueOptions(c, env.cells, 'type'));
  if (key === 'component') out.push(...valueOptions(c, env.components, 'class'));
  if (key === 'to' || key === 'link' || key === 'afterSubmit') out.push(...valueOptions(c, env.routes, 'text'));
  return out;
}

/** The completion source of the page editor. */
export function schemaCompletion(env: CompletionEnv) {
  return async (ctx: CompletionContext): Promise<CompletionResult | null> => {
    const text = ctx.state.doc.toString();
    const c = contextAt(text, ctx.pos, parseTolerant(text));
    if (!c) return null;
    if (!ctx.explicit && c.where === 'value' && c.prefix === '' && c.from === c.to && !/[:[,]\s*$/.test(text.slice(Math.max(0, ctx.pos - 3), ctx.pos))) return null;
    const hasColon = c.where === 'key' && /^\s*:/.test(text.slice(c.to));
    const quoted = text[c.from] === '"';
    let options: Completion[];
    if (env.overlay) options = overlayOptions(c, env, hasColon);
    else if (c.where === 'key') options = keyOptions(c, propertyHints(c.path, docOf(text)?.kind), hasColon);
    else options = await valueCandidates(c, docOf(text), env);
    if (!options.length) return null;
    // Matching runs on what follows the quote; applying replaces the token with its quotes.
    return { from: c.from + (quoted ? 1 : 0), options, validFor: /^[\w$.-]*$/ };
  };
}
