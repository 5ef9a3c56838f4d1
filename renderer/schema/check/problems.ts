/** One finding of the schema checker: where, what, and (when it can guess) what was meant. */
export interface Problem {
  file: string;
  path: string;
  message: string;
}

export const formatProblem = (p: Problem) => `schemas/${p.file}${p.path ? ` ${p.path}` : ''}: ${p.message}`;
