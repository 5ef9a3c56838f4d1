import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { formatSchemaJson } from '../../renderer/schema/format-json.ts';
import entityMeta from '../../renderer/schema/entity.meta.json';
import { ACTION_TYPES } from '../../renderer/schema/types/actions.ts';
import { FIELD_TYPES } from '../../renderer/schema/types/field-types.ts';
import { withGeneratedParts } from '../../renderer/schema/types/meta-schema.ts';
import { projectRoot } from '../../server/paths.ts';

type Json = Record<string, unknown>;

const metaFile = join(projectRoot, 'renderer', 'schema', 'screen.meta.json');
const screenTs = join(projectRoot, 'renderer', 'schema', 'screen.ts');
const metaText = readFileSync(metaFile, 'utf8');
const meta = JSON.parse(metaText) as Json;
const defs = meta.definitions as Record<string, Json>;

/**
 * Reads property names (and which are required) of TypeScript types with the compiler itself, so
 * the comparison sees inherited members, intersections and mapped types as the checker does.
 */
function typeShapes(typeExprs: Record<string, string>): Record<string, { names: string[]; required: string[] }> {
  const probe = join(projectRoot, 'renderer', 'schema', '__probe__.ts');
  const source = `import type * as S from './screen.ts';\n${Object.entries(typeExprs)
    .map(([k, expr]) => `export type ${k} = ${expr};`)
    .join('\n')}\n`;
  const options: ts.CompilerOptions = { strict: true, noEmit: true, allowImportingTsExtensions: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const getSource = host.getSourceFile.bind(host);
  host.readFile = (f) => (f === probe ? source : read(f));
  host.fileExists = ((exists) => (f: string) => f === probe || exists(f))(host.fileExists.bind(host));
  host.getSourceFile = (f, lang, onError, create) => (f === probe ? ts.createSourceFile(f, source, lang) : getSource(f, lang, onError, create));
  const program = ts.createProgram([probe, screenTs], options, host);
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(probe)!;
  const out: Record<string, { names: string[]; required: string[] }> = {};
  ts.forEachChild(sf, (node) => {
    if (!ts.isTypeAliasDeclaration(node)) return;
    const props = checker.getPropertiesOfType(checker.getTypeAtLocation(node.name));
    out[node.name.text] = {
      names: props.map((p) => p.name).sort(),
      required: props.filter((p) => !(p.flags & ts.SymbolFlags.Optional)).map((p) => p.name).sort(),
    };
  });
  return out;
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** What a meta-schema definition accepts: its `propertyNames` list, else its `properties`. */
function metaShape(def: Json, base?: Json): { names: string[]; required: string[] } {
  const names = ((def.propertyNames as Json | undefined)?.enum as string[] | undefined) ?? Object.keys((def.properties as Json) ?? {});
  return { names: sorted(names), required: sorted([...((def.required as string[]) ?? []), ...((base?.required as string[]) ?? [])]) };
}

describe('screen.meta.json', () => {
  it('holds exactly what the type tables generate (run `npm run schemas:meta` after adding a type)', () => {
    expect(metaText).toBe(formatSchemaJson(withGeneratedParts(meta)));
  });
});

describe('entity.meta.json', () => {
  it('accepts exactly the field types of the field-type table, in its order', () => {
    expect(entityMeta.properties.fields.items.properties.type.enum).toEqual(Object.keys(FIELD_TYPES));
  });
});

describe('the meta-schema and the TypeScript types of renderer/schema/screen.ts agree', () => {
  // Definitions and the interface each one describes. `description` is documentation only.
  const pairs: Record<string, string> = {
    endpoint: 'Endpoint',
    fieldRef: 'FieldRef',
    columnRef: 'ColumnRef',
    section: 'Section',
    table: 'TableSpec',
    listScreen: 'ListScreen',
    detailScreen: 'DetailScreen',
    createScreen: 'CreateScreen',
    wizardScreen: 'WizardScreen',
    dashboardScreen: 'DashboardScreen',
    customScreen: 'CustomScreen',
  };
  const actionTypes = Object.keys(ACTION_TYPES);
  const shapes = typeShapes({
    ...Object.fromEntries(Object.entries(pairs).map(([d, t]) => [`D_${d}`, `S.${t}`])),
    ...Object.fromEntries(actionTypes.map((t) => [`A_${t}`, `Extract<S.ActionSpec, { type: '${t}' }>`])),
  });

  it.each(Object.entries(pairs))('definition %s ↔ interface %s: same property names, same required ones', (def, iface) => {
    const isScreen = def.endsWith('Screen');
    const want = metaShape(defs[def]!, isScreen ? meta : undefined);
    const got = shapes[`D_${def}`]!;
    // `description` is an author's note the meta-schema allows on every screen; the renderer never reads it.
    const names = (xs: string[]) => xs.filter((n) => n !== 'description');
    expect({ interface: iface, names: names(got.names), required: got.required }).toEqual({ interface: iface, names: names(want.names), required: want.required });
  });

  it.each(actionTypes)('action type %s: the meta-schema branch and ActionSpec take the same properties', (type) => {
    const branch = ((defs.action!.allOf as Json[]).find((b) => ((b.if as Json).properties as Json as Record<string, Json>).type!.const === type)!.then ?? {}) as Json;
    const want = metaShape(branch, defs.action);
    expect(shapes[`A_${type}`]).toEqual(want);
  });

  it('page kinds, the kind enum and ScreenBase.kind name the same kinds', () => {
    const kinds = typeShapes({ K: `{ [k in S.Screen['kind']]: 1 }` }).K!.names;
    expect(kinds).toEqual(sorted((meta.properties as Record<string, Json>).kind!.enum as string[]));
  });
});
