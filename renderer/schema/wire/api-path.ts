/**
 * An entity call's path from its base and the `api` suffix. A suffix starting with `../` climbs
 * one segment of the base per `../` first, for the backends that file a resource under its
 * parent (HZERO's `/lov-headers/{lovId}/values` for the values of `/lov-values`); any other
 * suffix is appended to the base.
 */
export function apiPath(base: string, suffix = ''): string {
  if (!suffix.startsWith('..')) return `${base}${suffix}`;
  const segments = base.split('/');
  let rest = suffix;
  while (rest === '..' || rest.startsWith('../')) {
    segments.pop();
    rest = rest.slice(3);
  }
  return `${segments.join('/')}${rest ? `/${rest}` : ''}`;
}
