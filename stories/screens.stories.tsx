import { action } from 'storybook/actions';
import { screens } from 'virtual:screen-manifest';
import '../src/custom/register.ts';
import { buildScreenStories, screensMeta } from './support/screen-stories.tsx';

/**
 * A story for every screen schema file, generated from `virtual:screen-manifest`: nothing here
 * names a screen. The indexer in .storybook/generated-stories.ts lists one story per schema file
 * and serves `virtual:generated-stories/stories/screens`, a module exporting each entry of
 * `generatedStories`; a file added under schemas/<module>/ gets its story without touching this file.
 */
export default screensMeta;

export const generatedStories = buildScreenStories(screens, { navigate: action('navigate') }).stories;
