import { utimesSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Indexer, StoryIndexInput } from 'storybook/internal/types';
import type { Plugin } from 'vite';
import { NON_SCREEN_DIRS, readManifest } from '../renderer/schema-files/screen-files.ts';
import { ACTION_TYPES } from '../renderer/schema/types/actions.ts';
import { CELL_TYPES } from '../renderer/schema/types/cells.ts';
import { PAGE_KINDS } from '../renderer/schema/types/page-kinds.ts';
import { WIDGET_TYPES } from '../renderer/schema/types/widgets.ts';
import { REGISTRY_STORY_TITLES, registryStorySpecs, screenStorySpecs, type StorySpec } from '../stories/support/story-specs.ts';

/**
 * Generated stories. CSF needs one static `export const` per story, but these stories come from
 * data (every schema file, every registered renderer type). Storybook's indexer API
 * (`experimental_indexers`) lists them for the sidebar, pointing each at a virtual module
 * (`virtual:generated-stories/stories/screens` for stories/screens.stories.tsx) that re-exports
 * the file's meta and one named export per entry of the file's `generatedStories` object. Both
 * sides name the stories with stories/support/story-specs.ts, so they cannot drift apart.
 * (Appending the exports to the story file itself upsets the docs addon, which compares each
 * story file with its source on disk.)
 */
const root = resolve(import.meta.dirname ?? dirname(fileURLToPath(import.meta.url)), '..');
const schemasDir = join(root, 'schemas');
const SCREENS_FILE = 'stories/screens.stories.tsx';

type GeneratedEntry = StorySpec & { tags?: string[] };

export const GENERATED_STORY_FILES: Record<string, () => GeneratedEntry[]> = {
  [SCREENS_FILE]: () => {
    const manifest = readManifest(schemasDir);
    const kinds = new Map(manifest.map((e) => [e.file, e.kind]));
    return screenStorySpecs(manifest.map((e) => e.file)).map((s) => ({ ...s, tags: ['screen', `kind-${kinds.get(s.key) || 'none'}`] }));
  },
  'stories/renderer/page-kinds.stories.tsx': () => registryStorySpecs(REGISTRY_STORY_TITLES.pageKinds, Object.keys(PAGE_KINDS).sort()),
  'stories/renderer/field-widgets.stories.tsx': () => registryStorySpecs(REGISTRY_STORY_TITLES.fieldWidgets, Object.keys(WIDGET_TYPES).sort()),
  'stories/renderer/cells.stories.tsx': () => registryStorySpecs(REGISTRY_STORY_TITLES.cellRenderers, Object.keys(CELL_TYPES).sort()),
  'stories/renderer/actions.stories.tsx': () => registryStorySpecs(REGISTRY_STORY_TITLES.actionTypes, Object.keys(ACTION_TYPES).sort()),
};

/** Which generated file an absolute path (or Vite module id) is, if any. */
function generatedKey(file: string): string | undefined {
  const rel = relative(root, file.split('?')[0]!).split(sep).join('/');
  return Object.hasOwn(GENERATED_STORY_FILES, rel) ? rel : undefined;
}

const VIRTUAL = 'virtual:generated-stories/';
/** `stories/screens.stories.tsx` → `virtual:generated-stories/stories/screens` (not named like a story file, so the docs addon's CSF plugin leaves it alone). */
const virtualId = (key: string) => `${VIRTUAL}${key.replace(/\.stories\.tsx$/, '')}`;
const keyOfVirtual = (id: string) => Object.keys(GENERATED_STORY_FILES).find((k) => virtualId(k) === id);

/** The index entries of a generated story file (what `createIndex` returns for it). */
export function generatedIndex(file: string): StoryIndexInput[] {
  const key = generatedKey(file);
  if (!key) throw new Error(`${file} is not a generated story file`);
  const docs = key !== SCREENS_FILE;
  return GENERATED_STORY_FILES[key]!().map((s) => ({
    type: 'story',
    importPath: virtualId(key),
    exportName: s.exportName,
    name: s.name,
    title: s.title,
    __id: s.id,
    tags: [...(s.tags ?? []), ...(docs ? ['autodocs'] : [])],
  }));
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const generatedStoriesIndexer: Indexer = {
  test: new RegExp(`[\\\\/](${Object.keys(GENERATED_STORY_FILES).map((k) => k.split('/').map(esc).join('[\\\\/]')).join('|')})$`),
  createIndex: async (fileName) => generatedIndex(fileName),
};

/** The module a generated story file's index entries import: its meta and one export per story. */
export function generatedModuleCode(key: string): string {
  const names = GENERATED_STORY_FILES[key]!().map((s) => s.exportName);
  return [
    `import meta, { generatedStories } from ${JSON.stringify(join(root, key))};`,
    'export default meta;',
    ...names.map((n) => `export const ${n} = generatedStories[${JSON.stringify(n)}];`),
    `export const __namedExportsOrder = ${JSON.stringify(names)};`,
    '',
  ].join('\n');
}

/** Serves `virtual:generated-stories/<story file>`; in dev, re-indexes the screens when schema files come and go. */
export function generatedStoryModules(): Plugin {
  const screensPath = join(root, SCREENS_FILE);
  return {
    name: 'generated-story-modules',
    resolveId: (id) => (keyOfVirtual(id) ? `\0${id}` : undefined),
    load: (id) => {
      const key = id.startsWith('\0') ? keyOfVirtual(id.slice(1)) : undefined;
      return key ? generatedModuleCode(key) : undefined;
    },
    configureServer(server) {
      // A screen file added or removed while `storybook dev` runs: touch the screens story file so
      // Storybook re-indexes it (new sidebar entry), and rebuild its module (new export).
      const isScreen = (f: string) => {
        const rel = relative(schemasDir, f);
        return f.endsWith('.json') && !rel.startsWith('..') && !NON_SCREEN_DIRS.has(rel.split(sep)[0]!);
      };
      const touch = (f: string) => {
        if (!isScreen(f)) return;
        for (const id of ['\0virtual:screen-manifest', `\0${virtualId(SCREENS_FILE)}`]) {
          const mod = server.moduleGraph.getModuleById(id);
          if (mod) server.moduleGraph.invalidateModule(mod);
        }
        const now = new Date();
        utimesSync(screensPath, now, now);
      };
      server.watcher.on('add', touch);
      server.watcher.on('unlink', touch);
    },
  };
}
