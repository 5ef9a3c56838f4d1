import { createRegistries } from '../../renderer/registry/registries.ts';
import { registerCustom } from '../../src/custom/register.ts';
import { StoryDemoPanel } from '../renderer/StoryDemoPanel.tsx';

/**
 * The stories' type registries: the renderer's built-ins, the app's custom components and
 * handlers, and a small demo panel the custom page kind's story renders by name.
 */
export const storyRegistries = registerCustom(createRegistries());
storyRegistries.customComponents.register('StoryDemoPanel', async () => ({ default: StoryDemoPanel as never }));
