import { forbidden, HttpError } from '../../http/errors.ts';

/** A 400 naming the field the request got wrong (shared by every module). */
export { refuse } from '../../http/errors.ts';

/** A 409: the request is well formed but clashes with what exists (a duplicate, a partner already, a second approval). */
export const conflict = (code: string, field: string | undefined, message: string) => Object.assign(new HttpError(409, `error.spfm.${code}`, message), field ? { field } : {});
export { forbidden };
