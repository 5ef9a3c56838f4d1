import { cleanup, render, waitFor } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { approvingStatuses, serverMoves } from '../../../renderer/schema/status/lock.ts';
import { fakeLayout, testServices, WithServices } from '../test-services.tsx';

/**
 * Generated over every detail screen of a document with a status machine: opened in each status
 * that locks something (a status its `editable` table does not open to everything, and the
 * status its approval runs in), the screen shows no control that would change what the status
 * keeps: no Save unless a header field may change, no line buttons unless lines may be added and
 * removed, no enabled input of a field the status keeps, and only the moves that start there.
 */
const root = join(import.meta.dirname, '../../..');
type Row = Record<string, unknown>;
type Json = Record<string, unknown>;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.json') ? [path] : [];
  });
}

const entities = files(join(root, 'schemas/entities')).map((p) => JSON.parse(readFileSync(p, 'utf8')) as EntityDecl);
const byName = new Map(entities.map((e) => [e.name, e]));

interface Case {
  file: string;
  text: string;
  screen: Json;
  entity: EntityDecl;
  status: string;
}

/**
 * The statuses of `e` in which something is kept from changing, one per distinct rule (statuses
 * the `editable` table does not name all keep everything: the page renders them alike, so one of
 * them stands for the others, the one the most moves start from).
 */
function lockedStatuses(e: EntityDecl): string[] {
  const sm = e.status!;
  const all = new Set([sm.initial, ...Object.keys(sm.editable ?? {}), ...Object.values(sm.transitions).flatMap((t) => [...t.from, t.to])]);
  const approving = approvingStatuses(e);
  const moves = (s: string) => Object.values(sm.transitions).filter((t) => t.from.includes(s)).length;
  const byRule = new Map<string, string>();
  for (const s of [...all].sort((a, b) => moves(b) - moves(a) || a.localeCompare(b))) {
    if (!approving.has(s) && (sm.editable === undefined || sm.editable[s] === '*')) continue;
    const rule = approving.has(s) ? 'approving' : JSON.stringify(sm.editable![s] ?? []);
    if (!byRule.has(rule)) byRule.set(rule, s);
  }
  return [...byRule.values()];
}

const cases: Case[] = files(join(root, 'schemas'))
  .filter((p) => !/schemas\/(entities|catalogue|i18n|fragments)\//.test(p))
  .flatMap((p) => {
    const text = readFileSync(p, 'utf8');
    const screen = JSON.parse(text) as Json;
    const entity = typeof screen.entity === 'string' ? byName.get(screen.entity) : undefined;
    if (screen.kind !== 'detail' || !entity?.status) return [];
    return lockedStatuses(entity).map((status) => ({ file: relative(join(root, 'schemas'), p), text, screen, entity, status }));
  });

/** What the status lets change: header fields, and per line entity its fields and whether lines come and go. */
function allowed(e: EntityDecl, status: string) {
  if (approvingStatuses(e).has(status)) return { header: new Set<string>(), lines: new Map<string, Set<string>>(), open: new Set<string>() };
  const rule = e.status!.editable?.[status] ?? [];
  const list = rule === '*' ? [] : rule;
  const lines = new Map<string, Set<string>>();
  const open = new Set<string>();
  for (const f of list) {
    const [owner, name] = f.includes('.') ? f.split('.') : [e.name, f];
    if (owner === e.name) continue;
    if (name === '*') open.add(owner!);
    else lines.set(owner!, (lines.get(owner!) ?? new Set()).add(name!));
  }
  return { header: new Set(list.filter((f) => !f.includes('.'))), lines, open };
}

/** A value of each type, so every field and every tab's filter has something to show. */
const SAMPLE: Record<string, unknown> = { integer: 1, number: '1', money: '1.00', percent: '1', flag: 0, date: '2026-01-05', datetime: '2026-01-05 09:00:00', string: 'A', text: 'A', richtext: '<p>A</p>', json: null, attachment: null };

function record(e: EntityDecl, status: string): Row {
  const row: Row = { [e.primaryKey]: 1, objectVersionNumber: 3, tenantId: 1, [e.status!.field]: status };
  for (const f of e.fields) if (!(f.name in row)) row[f.name] = SAMPLE[f.type] ?? null;
  return row;
}

afterEach(cleanup);
fakeLayout(1200, 800);

describe('a locked document shows no control that would change it', () => {
  it('covers the detail screens of every document entity', () => {
    const documents = new Set(cases.map((c) => c.entity.name));
    expect(documents.size).toBeGreaterThan(20);
    for (const name of ['prHeader', 'poHeader', 'rfxHeader', 'tenderHeader', 'contractHeader']) expect(documents, name).toContain(name);
  });

  it.each(cases.map((c) => [`${c.file} in ${c.status}`, c] as const))('%s', { timeout: 30_000 }, async (_name, c) => {
    const header = record(c.entity, c.status);
    // The record's own read: its entity path by id, or the screen's `data.get` call.
    const own = ((c.screen.data as Json | undefined)?.get as Json | undefined)?.url;
    const recordUrl = typeof own === 'string' ? new RegExp(`${own.split('?')[0]!.replace(/\{\w+\}/g, '[^/]+')}$`) : /\/1$/;
    const request = vi.fn(async (url: string, opts?: { method?: string; query?: Row }) => {
      if (opts?.method && opts.method !== 'GET') throw new Error(`the page wrote (${opts.method}) while only showing a ${c.status} document`);
      if (opts?.query && ('page' in opts.query || 'size' in opts.query)) return { content: [], totalElements: 0 };
      // The record by its id; anything else read on the way (value sets, facts) is empty.
      return recordUrl.test(url.split('?')[0]!) ? header : [];
    });
    const services = testServices(entities, request as unknown as RendererServices['request']);
    const idParam = typeof c.screen.idParam === 'string' ? c.screen.idParam : 'id';
    const view = render(
      <WithServices services={services}>
        <ScreenHost file={c.file} load={async () => c.text} params={{ [idParam]: '1' }} />
      </WithServices>,
    );
    const actions = await waitFor(
      () => {
        const el = view.container.querySelector('[data-testid="detail-actions"]');
        if (!el) throw new Error(`no detail page: ${view.container.textContent?.slice(0, 300)}`);
        return el;
      },
      { timeout: 10_000 },
    );
    // The record is on screen (its fields rendered) before it is judged.
    await waitFor(() => expect(view.container.querySelector('[data-field]') ?? view.container.querySelector('[data-testid="inline-lines"], [data-testid="editable-lines"]')).not.toBeNull(), { timeout: 10_000 });
    const may = allowed(c.entity, c.status);
    const save = actions.querySelector('[data-testid="save-button"], [data-action="save"]');
    if (!may.header.size) expect(save, 'a Save button').toBeNull();
    const moves = [...actions.querySelectorAll('[data-move]')].map((b) => b.getAttribute('data-move')!);
    for (const m of moves) {
      const t = c.entity.status!.transitions[m];
      expect(t?.from, `the move ${m} is offered`).toContain(c.status);
      expect(serverMoves(c.entity).has(m), `${m} is the server's`).toBe(false);
    }
    // Inputs of fields the status keeps are disabled or absent.
    for (const item of view.container.querySelectorAll<HTMLElement>('[data-field]')) {
      const field = item.getAttribute('data-field')!;
      const enabled = [...item.querySelectorAll<HTMLInputElement>('input, textarea')].filter((i) => !i.disabled && !i.readOnly && i.getAttribute('aria-disabled') !== 'true' && i.type !== 'hidden');
      if (!enabled.length) continue;
      const line = item.closest('[data-testid="inline-lines"]');
      const ok = line ? [...may.lines.values()].some((s) => s.has(field)) || may.open.size > 0 : may.header.has(field);
      expect(ok, `${field} can be changed${line ? ' in a line' : ''}`).toBe(true);
    }
    const lineButtons = view.container.querySelectorAll('[data-action="add-line"], [data-action="copy-lines"], [data-action="delete-lines"], [data-action="create-line"], [data-action="delete-line"]');
    if (!may.open.size) expect([...lineButtons].map((b) => b.getAttribute('data-action')), 'line buttons').toEqual([]);
    if (!may.open.size && !may.lines.size) expect(view.container.querySelector('[data-testid="lines-toolbar"]'), 'the lines toolbar').toBeNull();
  });
});
