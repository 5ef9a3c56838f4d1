/** Performance mark the benchmark reads: JavaScript requested before it counts as "before the first screen". */
export const FIRST_SCREEN_MARK = 'srm:first-screen';
