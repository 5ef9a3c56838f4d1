import { recordStoryFixtures } from '../server/seed/story-fixtures.ts';

/** `npm run stories:record`: answers of the seeded server for the stories' non-CRUD calls (stories/fixtures/). */
const n = await recordStoryFixtures();
console.log(`${n} calls recorded under stories/fixtures/`);
