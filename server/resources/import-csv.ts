import Papa from 'papaparse';

/**
 * RFC 4180 CSV read with papaparse: quoted cells may hold commas, quotes (doubled) and line
 * breaks; a UTF-8 BOM (what spreadsheets write) is dropped; blank lines are skipped. Returns rows
 * of cells with the line each row starts on (the header is line 1), for per-row messages.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  // One row ending throughout: papaparse detects a single newline per file, and a file mixing CRLF
  // and LF (rows pasted from different tools) must not run two rows into one cell. Breaks inside a
  // quoted cell are the cell's text and stay as written.
  const src = rowEndsAsLf(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const rows: Array<{ line: number; cells: string[] }> = [];
  let line = 1;
  let at = 0;
  // Counts the line breaks between the last row's end and `to`; a CRLF is one break.
  const advance = (to: number) => {
    for (; at < to; at++) {
      const c = src.charCodeAt(at);
      if (c === 10 || (c === 13 && src.charCodeAt(at + 1) !== 10)) line++;
    }
  };
  Papa.parse<string[]>(src, {
    header: false,
    newline: '\n',
    dynamicTyping: false,
    skipEmptyLines: false,
    step: (r) => {
      const cells = r.data;
      if (!(cells.length === 1 && cells[0] === '')) rows.push({ line, cells });
      advance(r.meta.cursor);
      // The row ends at the cursor; the break after it (if any) starts the next row's line.
      while (at < src.length && (src[at] === '\r' || src[at] === '\n')) {
        const c = src.charCodeAt(at);
        if (c === 10 || (c === 13 && src.charCodeAt(at + 1) !== 10)) line++;
        at++;
      }
    },
  });
  return rows;
}

/** CR LF and lone CR row endings as LF, outside quoted cells (a doubled quote toggles twice: no change). */
function rowEndsAsLf(text: string): string {
  let out = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    if (c === '\r' && !quoted) {
      out += '\n';
      if (text[i + 1] === '\n') i++;
      continue;
    }
    out += c;
  }
  return out;
}
