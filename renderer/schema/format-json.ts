/**
 * JSON the way the schema files are written: an object or array that fits on one line of
 * `width` characters stays on it (`{ "field": "x", "span": 3 }`), larger ones break one member
 * per line. Authors read and diff these files by line, so short field lists and column objects
 * should not take ten lines each.
 */
export function formatSchemaJson(value: unknown, width = 110): string {
  const inline = (v: unknown): string => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return entries.length ? `{ ${entries.map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`).join(', ')} }` : '{}';
  };
  const render = (v: unknown, indent: string, prefix: number): string => {
    const flat = inline(v);
    if (v === null || typeof v !== 'object' || indent.length + prefix + flat.length <= width) return flat;
    const inner = `${indent}  `;
    if (Array.isArray(v)) return `[\n${v.map((x) => inner + render(x, inner, 0)).join(',\n')}\n${indent}]`;
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${render(x, inner, JSON.stringify(k).length + 2)}`).join(',\n')}\n${indent}}`;
  };
  return `${render(value, '', 0)}\n`;
}
