import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_STORY_FILES, generatedIndex, generatedModuleCode } from '../../.storybook/generated-stories.ts';
import { listScreenFiles } from '../../renderer/schema-files/screen-files.ts';
import { manifestEntries } from './story-manifest.ts';
import { createRegistries } from '../../renderer/registry/registries.ts';

const { actionTypes, cellRenderers, fieldWidgets, pageKinds } = createRegistries();
import { buildRegistryStories } from '../../stories/support/registry-stories.tsx';
import { buildScreenStories } from '../../stories/support/screen-stories.tsx';
import { REGISTRY_STORY_TITLES, registryStorySpecs, screenStorySpecs } from '../../stories/support/story-specs.ts';

const root = join(import.meta.dirname, '..', '..');
const SCREENS_FILE = join(root, 'stories', 'screens.stories.tsx');

/** The named exports of the module `virtual:generated-stories/<file>` Storybook imports for a generated story file. */
function moduleExports(file: string): string[] {
  const code = generatedModuleCode(file.slice(root.length + 1).split('\\').join('/'));
  return [...code.matchAll(/^export const (\w+) = generatedStories\[/gm)].map((m) => m[1]!);
}

describe('generated screen stories', () => {
  const files = listScreenFiles(join(root, 'schemas'));
  const index = generatedIndex(SCREENS_FILE);
  const { specs, stories } = buildScreenStories(manifestEntries());

  it('gives every schema file a story id', () => {
    expect(files.length).toBeGreaterThan(0);
    const byFile = new Map(specs.map((s) => [s.key, s]));
    const indexIds = new Set(index.map((e) => e.__id));
    for (const file of files) {
      const spec = byFile.get(file);
      expect(spec, `no story for schemas/${file}`).toBeDefined();
      expect(indexIds.has(spec!.id), `indexer lists no story ${spec!.id} for schemas/${file}`).toBe(true);
      expect(stories[spec!.exportName]?.parameters?.__id, `screens.stories.tsx builds no story ${spec!.exportName}`).toBe(spec!.id);
    }
    expect(specs).toHaveLength(files.length);
    expect(new Set(specs.map((s) => s.id)).size).toBe(files.length);
  });

  it('groups stories by module folder and names them after the file', () => {
    const spec = screenStorySpecs(['hiam/user.list.json'])[0]!;
    expect(spec).toMatchObject({ title: 'Screens/hiam', name: 'user.list', id: 'screens-hiam--user-list', exportName: 'hiam_user_list' });
  });

  it('agrees with the indexer on every export name and id, and the generated module exports each', () => {
    expect(index.map((e) => [e.exportName, e.__id, e.title, e.name])).toEqual(specs.map((s) => [s.exportName, s.id, s.title, s.name]));
    expect(moduleExports(SCREENS_FILE)).toEqual(specs.map((s) => s.exportName));
  });
});

describe('generated renderer stories', () => {
  const registries = [
    ['stories/renderer/page-kinds.stories.tsx', REGISTRY_STORY_TITLES.pageKinds, pageKinds.types()],
    ['stories/renderer/field-widgets.stories.tsx', REGISTRY_STORY_TITLES.fieldWidgets, fieldWidgets.types()],
    ['stories/renderer/cells.stories.tsx', REGISTRY_STORY_TITLES.cellRenderers, cellRenderers.types()],
    ['stories/renderer/actions.stories.tsx', REGISTRY_STORY_TITLES.actionTypes, actionTypes.types()],
  ] as const;

  it.each(registries)('%s has a story (and a docs page) per registered type', (file, title, types) => {
    expect(Object.hasOwn(GENERATED_STORY_FILES, file)).toBe(true);
    const specs = registryStorySpecs(title, types);
    const index = generatedIndex(join(root, file));
    expect(index.map((e) => e.name)).toEqual([...types].sort());
    expect(index.map((e) => e.__id)).toEqual(specs.map((s) => s.id));
    expect(index.every((e) => e.tags?.includes('autodocs'))).toBe(true);
    expect(moduleExports(join(root, file))).toEqual(specs.map((s) => s.exportName));
    const { stories } = buildRegistryStories(title, types, (type) => ({ name: type, parameters: {} }));
    expect(Object.entries(stories).map(([k, v]) => [k, (v.parameters as { __id?: string }).__id, v.name])).toEqual(specs.map((s) => [s.exportName, s.id, s.name]));
  });

  it('turns reserved words into valid export names', () => {
    expect(registryStorySpecs('T', ['delete', 'switch', 'default']).map((s) => s.exportName)).toEqual(['default_', 'delete_', 'switch_']);
  });
});
