import { describe, expect, it } from 'vitest';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';
import { mayChange } from '../../../../renderer/schema/status/editable.ts';
import { actionAllowed, anyChange, approvingStatuses, changeable, lineLock, mayMove, serverMoves } from '../../../../renderer/schema/status/lock.ts';
import prHeaderJson from '../../../../schemas/entities/sprm/pr-header.json';
import prLineJson from '../../../../schemas/entities/sprm/pr-line.json';
import tenderHeaderJson from '../../../../schemas/entities/tender/tender-header.json';
import tenderSupplierJson from '../../../../schemas/entities/tender/tender-supplier.json';

const prHeader = prHeaderJson as unknown as EntityDecl;
const prLine = prLineJson as unknown as EntityDecl;
const tender = tenderHeaderJson as unknown as EntityDecl;
const tenderSupplier = tenderSupplierJson as unknown as EntityDecl;
const pr = (status: string) => ({ prHeaderId: 7, prStatusCode: status });

describe("a document's lock, read from its declaration", () => {
  it('keeps everything while its approval runs, though its editable table names no such status', () => {
    expect(approvingStatuses(prHeader)).toEqual(new Set(['APPROVING']));
    expect(anyChange(changeable(prHeader, pr('APPROVING')))).toBe(false);
    expect(anyChange(lineLock({ entity: prHeader, record: pr('APPROVING') }, prLine))).toBe(false);
  });

  it('lets change what the status names, and nothing of a new document is locked', () => {
    const approved = changeable(prHeader, pr('APPROVED'));
    expect(mayChange(approved, 'remark')).toBe(true);
    expect(mayChange(approved, 'title')).toBe(false);
    expect(changeable(prHeader, pr('PENDING')).all).toBe(true);
    expect(changeable(prHeader, { prStatusCode: 'APPROVING' }).all).toBe(true);
    // A record read without its status is left to the server to judge.
    expect(changeable(prHeader, { prHeaderId: 7 }).all).toBe(true);
  });

  it('locks a document’s own lines with it, field by field, and lines come and go only where it says', () => {
    const published = { tenderHeaderId: 3, tenderStatus: 'PUBLISHED' };
    const lines = lineLock({ entity: tender, record: published }, tenderSupplier);
    expect(lines.all).toBe(false);
    expect(mayChange(lines, 'bondPaidFlag')).toBe(true);
    expect(mayChange(lines, 'supplierId')).toBe(false);
    expect(lineLock({ entity: tender, record: { tenderHeaderId: 3, tenderStatus: 'NEW' } }, tenderSupplier).all).toBe(true);
  });

  it('offers a move only from the statuses it starts from, never the server’s own', () => {
    expect(mayMove(prHeader, pr('PENDING'), 'submit')).toBe(true);
    expect(mayMove(prHeader, pr('APPROVING'), 'submit')).toBe(false);
    expect(serverMoves(prHeader)).toEqual(new Set(['approve', 'reject', 'withdraw']));
    expect(mayMove(prHeader, pr('APPROVING'), 'withdraw')).toBe(false);
    expect(serverMoves(tender).has('award')).toBe(true);
  });

  it('judges buttons by what they do: moves, deletes, saves and line forms', () => {
    const submit = { type: 'transition', action: 'submit' };
    expect(actionAllowed(submit, prHeader, pr('PENDING'))).toBe(true);
    expect(actionAllowed(submit, prHeader, pr('REJECTED'))).toBe(true);
    expect(actionAllowed(submit, prHeader, pr('APPROVED'))).toBe(false);
    expect(actionAllowed({ type: 'delete' }, prHeader, pr('APPROVED'))).toBe(false);
    expect(actionAllowed({ type: 'delete' }, prHeader, pr('PENDING'))).toBe(true);
    expect(actionAllowed({ type: 'save' }, prHeader, pr('APPROVED'))).toBe(true);
    expect(actionAllowed({ type: 'save' }, prHeader, pr('CLOSED'))).toBe(false);
    const parent = { entity: prHeader, record: pr('APPROVED') };
    expect(actionAllowed({ type: 'form' }, prLine, undefined, parent), 'a new line').toBe(false);
    expect(actionAllowed({ type: 'form' }, prLine, undefined, { entity: prHeader, record: pr('PENDING') })).toBe(true);
    expect(actionAllowed({ type: 'navigate', to: '/x' }, prHeader, pr('CLOSED'))).toBe(true);
  });
});
