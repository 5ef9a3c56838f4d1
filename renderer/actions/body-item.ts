/**
 * A request body row written in the backend's shape (`bodyItem` of a request action): each
 * string value is a template over the row, the route and the user; a value that is exactly one
 * `{name}` keeps that value's type (an id stays a number). Other values are kept as written.
 */
export function shapeItem(template: Record<string, unknown>, vars: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(template)) {
    if (typeof v !== 'string') out[k] = v;
    else {
      const whole = /^\{(\w+)\}$/.exec(v);
      out[k] = whole ? vars[whole[1]!] : v.replace(/\{(\w+)\}/g, (_m, n: string) => String(vars[n] ?? ''));
    }
  }
  return out;
}
