/**
 * URL templates of schemas and services: `{name}` from values, and the spec's optional tenant
 * segment `[{tenantId}/]`, filled in tenant mode and dropped in site mode (§7.3).
 */
export function fillUrl(template: string, values: Record<string, unknown>, opts: { siteMode?: boolean } = {}): string {
  const withTenant = template.replace(/\[\{(tenantId|organizationId|tenant)\}\/\]/g, (_m, name: string) =>
    opts.siteMode ? '' : `${encodeURIComponent(String(values[name] ?? values.tenantId ?? values.organizationId ?? ''))}/`,
  );
  return withTenant.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = values[name] ?? (name === 'organizationId' || name === 'tenant' ? values.tenantId : undefined);
    if (v === undefined || v === null) throw new Error(`URL ${template} needs {${name}}`);
    return encodeURIComponent(String(v));
  });
}

/** The `{name}` placeholders of a template (for static checks). */
export function urlParams(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}
