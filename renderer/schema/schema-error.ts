/** One problem of a schema at a JSON path (the error panel lists them). */
export interface SchemaProblem {
  path: string;
  message: string;
}

/** A problem in a screen schema, located by file and JSON path so an author can fix it at once. */
export class SchemaError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly file?: string,
  ) {
    super(message);
  }
}
