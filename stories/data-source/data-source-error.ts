/** A refused call: `status` as the reference server would answer (400, 404, 409 for a stale version). */
export class DataSourceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
