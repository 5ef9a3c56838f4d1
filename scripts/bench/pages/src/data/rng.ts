// The seed's generator, so bench pages and the demo data share one deterministic source.
export { rng } from '../../../../../renderer/schema/seed/rng.ts';
