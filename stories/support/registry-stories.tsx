import { registryStorySpecs, type StorySpec } from './story-specs.ts';

/**
 * Stories generated from a renderer registry: one per registered type, named and id'd by
 * `registryStorySpecs` (as the indexer names them), built by `make`.
 */
export function buildRegistryStories<S extends { name?: string; parameters?: Record<string, unknown> }>(title: string, types: readonly string[], make: (type: string, spec: StorySpec) => S): { specs: StorySpec[]; stories: Record<string, S> } {
  const specs = registryStorySpecs(title, types);
  const stories: Record<string, S> = {};
  for (const spec of specs) {
    const story = make(spec.key, spec);
    stories[spec.exportName] = { ...story, name: spec.name, parameters: { ...story.parameters, __id: spec.id } };
  }
  return { specs, stories };
}
