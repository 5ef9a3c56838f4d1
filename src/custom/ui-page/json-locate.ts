/**
 * A tolerant JSON reader that keeps every value's position: the editor maps the checker's JSON
 * paths (`/table/columns/3/field`) to text ranges for inline errors, and finds where the cursor
 * is (which object, key or value) for completion — also in half-typed JSON.
 */
export type JsonNode =
  | { type: 'object'; from: number; to: number; props: JsonProp[] }
  | { type: 'array'; from: number; to: number; items: JsonNode[] }
  | { type: 'string'; from: number; to: number; value: string; closed: boolean }
  | { type: 'scalar'; from: number; to: number; raw: string };

export interface JsonProp {
  key: string;
  keyFrom: number;
  keyTo: number;
  /** Offset of the colon, when typed. */
  colon?: number;
  value?: JsonNode;
}

export function parseTolerant(text: string): JsonNode | undefined {
  let i = 0;
  const ws = () => {
    while (i < text.length && /\s/.test(text[i]!)) i++;
  };
  const str = (): JsonNode => {
    const from = i++;
    let value = '';
    while (i < text.length && text[i] !== '"' && text[i] !== '\n') {
      if (text[i] === '\\' && i + 1 < text.length) {
        value += text[i + 1] === 'n' ? '\n' : text[i + 1];
        i += 2;
      } else value += text[i++];
    }
    const closed = text[i] === '"';
    if (closed) i++;
    return { type: 'string', from, to: i, value, closed };
  };
  const value = (depth: number): JsonNode | undefined => {
    ws();
    if (i >= text.length || depth > 200) return undefined;
    const c = text[i]!;
    if (c === '{') {
      const node: JsonNode = { type: 'object', from: i++, to: i, props: [] };
      for (;;) {
        ws();
        if (i >= text.length) break;
        if (text[i] === '}') {
          i++;
          break;
        }
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] !== '"') {
          // A bare word where a key belongs (being typed): a key without quotes.
          const from = i;
          while (i < text.length && /[\w$-]/.test(text[i]!)) i++;
          if (i === from) break;
          node.props.push({ key: text.slice(from, i), keyFrom: from, keyTo: i });
          continue;
        }
        const k = str() as Extract<JsonNode, { type: 'string' }>;
        const prop: JsonProp = { key: k.value, keyFrom: k.from, keyTo: k.to };
        node.props.push(prop);
        ws();
        if (text[i] !== ':') continue;
        prop.colon = i++;
        prop.value = value(depth + 1);
      }
      node.to = i;
      return node;
    }
    if (c === '[') {
      const node: JsonNode = { type: 'array', from: i++, to: i, items: [] };
      for (;;) {
        ws();
        if (i >= text.length) break;
        if (text[i] === ']') {
          i++;
          break;
        }
        if (text[i] === ',') {
          i++;
          continue;
        }
        const before = i;
        const v = value(depth + 1);
        if (!v || i === before) break;
        node.items.push(v);
      }
      node.to = i;
      return node;
    }
    if (c === '"') return str();
    const from = i;
    while (i < text.length && !/[\s,:{}[\]"]/.test(text[i]!)) i++;
    if (i === from) {
      i++;
      return undefined;
    }
    return { type: 'scalar', from, to: i, raw: text.slice(from, i) };
  };
  return value(0);
}

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The text range of the value a JSON pointer names (`''` or `/` is the whole document). When the
 * path goes deeper than the text does, the deepest existing value on it.
 */
export function locate(text: string, pointer: string, root = parseTolerant(text)): { from: number; to: number } | undefined {
  if (!root) return undefined;
  let node: JsonNode = root;
  let keyRange: { from: number; to: number } | undefined;
  for (const seg of pointer.split('/').slice(1).filter((s) => s !== '').map(unescape)) {
    let next: JsonNode | undefined;
    if (node.type === 'object') {
      const p = node.props.find((x) => x.key === seg);
      next = p?.value;
      if (p) keyRange = { from: p.keyFrom, to: p.keyTo };
    } else if (node.type === 'array') next = node.items[Number(seg)];
    // Deeper than the text goes: the key of the deepest value that exists.
    if (!next) return keyRange ?? { from: node.from, to: node.type === 'object' || node.type === 'array' ? node.from + 1 : node.to };
    node = next;
  }
  // Containers are marked at their opening bracket, not over their whole body.
  return node.type === 'object' || node.type === 'array' ? { from: node.from, to: node.from + 1 } : { from: node.from, to: node.to };
}

export interface CursorContext {
  /** Path of the object (for a key) or of the value being written. */
  path: Array<string | number>;
  where: 'key' | 'value';
  /** Where the token being typed starts (its quote included) and ends. */
  from: number;
  to: number;
  /** What is typed so far, without the quote. */
  prefix: string;
  /** Keys the object already has (for a key). */
  siblings: string[];
}

/** What is being written at `pos`: a key of some object, or a value at some path. */
export function contextAt(text: string, pos: number, root = parseTolerant(text)): CursorContext | undefined {
  if (!root) return undefined;
  const inside = (n: JsonNode) => pos > n.from && (pos < n.to || ((n.type === 'object' || n.type === 'array') && n.to === text.length) || (n.type === 'string' && !n.closed && pos <= n.to) || (n.type === 'scalar' && pos <= n.to));
  const leaf = (n: JsonNode, path: Array<string | number>): CursorContext => {
    const typed = n.type === 'string' ? text.slice(n.from + 1, Math.min(pos, n.to)).replace(/"$/, '') : n.type === 'scalar' ? text.slice(n.from, pos) : '';
    return { path, where: 'value', from: n.from, to: n.to, prefix: typed, siblings: [] };
  };
  const walk = (n: JsonNode, path: Array<string | number>): CursorContext | undefined => {
    if (n.type === 'object') {
      for (const p of n.props) {
        if (pos >= p.keyFrom && pos <= p.keyTo && (p.colon === undefined || pos <= p.colon)) {
          const quoted = text[p.keyFrom] === '"';
          return { path, where: 'key', from: p.keyFrom, to: p.keyTo, prefix: text.slice(p.keyFrom + (quoted ? 1 : 0), pos), siblings: n.props.filter((x) => x !== p).map((x) => x.key) };
        }
        if (p.colon !== undefined && pos > p.colon) {
          const v = p.value;
          if (v && inside(v)) return v.type === 'object' || v.type === 'array' ? walk(v, [...path, p.key]) : leaf(v, [...path, p.key]);
          if (!v || pos <= v.from) {
            const between = text.slice(p.colon + 1, pos);
            if (/^\s*$/.test(between)) return { path: [...path, p.key], where: 'value', from: pos, to: pos, prefix: '', siblings: [] };
          }
        }
      }
      return { path, where: 'key', from: pos, to: pos, prefix: '', siblings: n.props.map((x) => x.key) };
    }
    if (n.type === 'array') {
      for (let idx = 0; idx < n.items.length; idx++) {
        const v = n.items[idx]!;
        if (inside(v)) return v.type === 'object' || v.type === 'array' ? walk(v, [...path, idx]) : leaf(v, [...path, idx]);
      }
      const idx = n.items.filter((v) => v.to <= pos).length;
      return { path: [...path, idx], where: 'value', from: pos, to: pos, prefix: '', siblings: [] };
    }
    return leaf(n, path);
  };
  return inside(root) ? walk(root, []) : undefined;
}
