import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ScreenManifestEntry } from 'virtual:screen-manifest';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import type { Screen } from '../../renderer/schema/screen.ts';
import { type DataSource, sharedDataSource } from '../data-source/index.ts';
import { StoryHost } from './StoryHost.tsx';
import { screenStorySpecs, type StorySpec } from './story-specs.ts';

interface ScreenStoryProps {
  entry: ScreenManifestEntry;
  params: Record<string, string>;
  language?: string;
  siteMode?: boolean;
  navigate?: (path: string) => void;
}

/** One schema file rendered by the real ScreenHost over the in-browser data source. */
export function ScreenStory({ entry, params, language, siteMode, navigate }: ScreenStoryProps) {
  return (
    <StoryHost language={language} siteMode={siteMode} navigate={navigate}>
      <div data-story-file={entry.file} style={{ padding: 16 }}>
        <ScreenHost file={entry.file} load={entry.load} params={params} />
      </div>
    </StoryHost>
  );
}

/** `:name` parameters of a route template. */
export const routeParamNames = (route: string | undefined): string[] => [...(route ?? '').matchAll(/:(\w+)/g)].map((m) => m[1]!);

/**
 * Route parameters for a screen: the first fixture row of its entity supplies the key (for `:id`,
 * the screen's `idParam` or the key's own name) and any field of the same name; the schema's
 * `sampleParams` fill what the row cannot.
 */
export async function screenParams(entry: ScreenManifestEntry, ds: DataSource = sharedDataSource()): Promise<Record<string, string>> {
  const names = routeParamNames(entry.routes[0]);
  if (!names.length) return {};
  let screen: Partial<Screen> & { idParam?: string } = {};
  try {
    screen = JSON.parse(await entry.load()) as Screen;
  } catch {
    // An invalid file: ScreenHost shows its error panel; the parameters do not matter.
  }
  const entity = screen.entity ? ds.entities.get(screen.entity) : undefined;
  const row = entity ? ds.store.rows(entity)[0] : undefined;
  const params: Record<string, string> = {};
  for (const name of names) {
    let v: unknown;
    if (row && entity && (name === 'id' || name === screen.idParam || name === entity.primaryKey)) v = row[entity.primaryKey];
    else if (row && row[name] !== undefined && row[name] !== null) v = row[name];
    v ??= screen.sampleParams?.[name];
    if (v === undefined && row && entity) v = row[entity.primaryKey];
    params[name] = String(v ?? '1');
  }
  return params;
}

export type ScreenStoryObj = StoryObj;

export interface ScreenStoriesOptions {
  navigate?: (path: string) => void;
}

/**
 * The generated screen stories: one per manifest entry, keyed by the export name of
 * `screenStorySpecs` (the same names the Storybook indexer puts in the sidebar).
 */
export function buildScreenStories(screens: readonly ScreenManifestEntry[], opts: ScreenStoriesOptions = {}): { specs: StorySpec[]; stories: Record<string, ScreenStoryObj> } {
  const byFile = new Map(screens.map((s) => [s.file, s]));
  const specs = screenStorySpecs(screens.map((s) => s.file));
  const stories: Record<string, ScreenStoryObj> = {};
  for (const spec of specs) {
    const entry = byFile.get(spec.key)!;
    stories[spec.exportName] = {
      name: spec.name,
      parameters: {
        __id: spec.id,
        layout: 'fullscreen',
        docs: { description: { story: `\`schemas/${entry.file}\` (${entry.kind}) at ${entry.routes.map((r) => `\`${r}\``).join(', ') || 'no route'}` } },
      },
      loaders: [async () => ({ params: await screenParams(entry) })],
      render: (_args, { loaded, globals }) => (
        <ScreenStory entry={entry} params={(loaded as { params: Record<string, string> }).params} language={globals.locale as string | undefined} siteMode={globals.siteMode === 'site'} navigate={opts.navigate} />
      ),
    };
  }
  return { specs, stories };
}

export const screensMeta: Meta = {
  // Not a story itself: the stories are its entries (see stories/screens.stories.tsx).
  excludeStories: ['generatedStories'],
  parameters: { controls: { disable: true } },
};
