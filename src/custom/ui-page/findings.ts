import type { Problem } from '../../../renderer/schema/check/problems.ts';
import type { OverlayConflict } from '../../../renderer/schema/overlay.ts';
import type { EditorMark } from './codemirror-setup.ts';
import type { ParseError } from './editor-store.ts';
import { locate, parseTolerant } from './json-locate.ts';

/** One entry of the problems panel, placed in the text when its path is there. */
export interface Finding {
  source: 'json' | 'check' | 'overlay' | 'publish';
  severity: 'error' | 'warning';
  path: string;
  message: string;
  from?: number;
  to?: number;
  line?: number;
}

const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

export interface FindingInput {
  text: string;
  parseError: ParseError | null;
  problems: Problem[];
  conflicts: OverlayConflict[];
  refused: Problem[] | null;
  /** Overlay pages: the checker's paths are in the merged screen, not in this text. */
  overlay: boolean;
}

/**
 * Everything wrong with the text, in one list: the JSON error, the checker's problems, the
 * overlay's conflicts and what refused the last publish, each with its line when it has one.
 */
export function findings(i: FindingInput): Finding[] {
  const out: Finding[] = [];
  const root = parseTolerant(i.text);
  const place = (f: Finding, inText: boolean): Finding => {
    if (!inText) return f;
    const r = locate(i.text, f.path, root);
    return r ? { ...f, ...r, line: lineOf(i.text, r.from) } : f;
  };
  if (i.parseError) {
    const at = Math.min(i.parseError.offset, i.text.length);
    out.push({ source: 'json', severity: 'error', path: '', message: `not valid JSON: ${i.parseError.message}`, from: at, to: Math.min(at + 1, i.text.length), line: lineOf(i.text, at) });
  }
  const seen = new Set<string>();
  const key = (p: { path: string; message: string }) => `${p.path}|${p.message}`;
  for (const p of i.refused ?? []) {
    seen.add(key(p));
    const conflict = i.conflicts.some((c) => c.path === p.path);
    out.push(place({ source: 'publish', severity: 'error', path: p.path, message: p.message }, !i.overlay || conflict));
  }
  for (const c of i.conflicts) {
    if (seen.has(key(c))) continue;
    out.push(place({ source: 'overlay', severity: c.kind === 'base-changed' ? 'warning' : 'error', path: c.path, message: c.message }, true));
  }
  if (!i.parseError) for (const p of i.problems) if (!seen.has(key(p))) out.push(place({ source: 'check', severity: 'error', path: p.path, message: p.message }, !i.overlay));
  return out;
}

export const marksOf = (list: Finding[]): EditorMark[] =>
  list.filter((f) => f.from !== undefined).map((f) => ({ from: f.from!, to: f.to!, severity: f.severity, message: `${f.path ? `${f.path}: ` : ''}${f.message}` }));
