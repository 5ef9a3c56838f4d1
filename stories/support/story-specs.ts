/**
 * Names of generated stories, computed the same way in Node (the Storybook indexer in
 * .storybook/generated-stories.ts, which builds the sidebar) and in the browser (the story files,
 * which build the story objects), so both sides always agree on export names and ids.
 * Pure: no imports, safe everywhere.
 */
export interface StorySpec {
  /** The key the story is found under in the module (a valid identifier, unique in its file). */
  exportName: string;
  /** Sidebar title (folders separated by `/`). */
  title: string;
  /** Story name in the sidebar. */
  name: string;
  /** The story id, `title--name` the way Storybook sanitises it, unique in the index. */
  id: string;
  /** What the story is generated from: a schema file, or a registry type. */
  key: string;
}

/** Storybook's id sanitiser (storybook/internal/csf `sanitize`). */
export function sanitize(s: string): string {
  return s
    .toLowerCase()
    .replace(/[ ’–—―′¿'`~!@#$%^&*()_|+\-=?;:'",.<>{}[\]\\/]/gi, '-')
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '');
}

/** Words that cannot name an `export const` (and the names a story file uses itself). */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null ' +
    'return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await ' +
    'arguments eval generatedStories'
  ).split(' '),
);

function identifier(s: string): string {
  const id = s.replace(/[^A-Za-z0-9_$]+/g, '_').replace(/^_+|_+$/g, '') || 'story';
  if (/^[0-9]/.test(id)) return `_${id}`;
  return RESERVED.has(id) ? `${id}_` : id;
}

function specs(items: Array<{ key: string; title: string; name: string; exportBase?: string }>): StorySpec[] {
  const names = new Set<string>();
  const ids = new Set<string>();
  return items.map(({ key, title, name, exportBase }) => {
    const baseExport = identifier(exportBase ?? key);
    let exportName = baseExport;
    for (let n = 2; names.has(exportName) || exportName === 'default' || exportName.startsWith('__'); n++) exportName = `${baseExport}_${n}`;
    names.add(exportName);
    const baseId = `${sanitize(title)}--${sanitize(name) || sanitize(exportName)}`;
    let id = baseId;
    for (let n = 2; ids.has(id); n++) id = `${baseId}-${n}`;
    ids.add(id);
    return { exportName, title, name, id, key };
  });
}

/**
 * One story per screen schema file (`hiam/user.list.json`), grouped by module folder:
 * title `Screens/hiam`, name `user.list`, id `screens-hiam--user-list`.
 */
export function screenStorySpecs(files: readonly string[]): StorySpec[] {
  return specs(
    [...files].sort().map((file) => {
      const slash = file.lastIndexOf('/');
      const dir = slash < 0 ? '(root)' : file.slice(0, slash);
      return { key: file, title: `Screens/${dir}`, name: file.slice(slash + 1).replace(/\.json$/, ''), exportBase: file.replace(/\.json$/, '') };
    }),
  );
}

/** One story per registered type of a renderer registry (`fieldWidgets.types()` …), all under one title. */
export function registryStorySpecs(title: string, types: readonly string[]): StorySpec[] {
  return specs([...types].sort().map((type) => ({ key: type, title, name: type })));
}

/** The generated story files, their sidebar titles and what they enumerate (shared by indexer and stories). */
export const REGISTRY_STORY_TITLES = {
  pageKinds: 'Renderer/Page kinds',
  fieldWidgets: 'Renderer/Field widgets',
  cellRenderers: 'Renderer/Cells',
  actionTypes: 'Renderer/Actions',
} as const;
