import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order test files start in, for `npm test` on two cores. Browser files spend half their time
 * waiting on the page, so they run beside the server files instead of after them; the longest
 * file (the visit of every route) starts first so that it never ends the run alone.
 */
const FIRST = ['tests/e2e/route-visit.test.ts'];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = FIRST.findIndex((p) => f.moduleId.endsWith(p));
      return i < 0 ? FIRST.length : i;
    };
    // A stable sort: everything else keeps vitest's order (failed, then longest, first).
    return sorted.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map((x) => x.f);
  }
}
