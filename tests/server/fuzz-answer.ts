/**
 * Whether a refusal names what it refuses: the `field` of the answer, or its message, mentions one
 * of `names` (a parameter, a property, or `body` for a body that is wrong as a whole).
 */
export function namesField(body: string, names: string[]): boolean {
  let text = body;
  try {
    const j = JSON.parse(body) as { message?: unknown; field?: unknown };
    text = `${String(j.message ?? '')} ${String(j.field ?? '')}`;
  } catch {
    /* an answer that is not JSON is judged by its text */
  }
  const lower = text.toLowerCase();
  return names.some((n) => n && lower.includes(n.toLowerCase()));
}

/** Statuses that refuse a value (as opposed to the caller, the record or the route). */
export const VALUE_REFUSALS = new Set([400, 409, 413, 415, 422]);
