import { parseApproveWay } from './bpmn/node-config.ts';

/** One task of a node's round, as far as the decision is concerned. */
export interface RoundTask {
  status: 'PENDING' | 'WAITING' | 'DONE' | 'CANCELED';
  action?: string | null;
  /** Added by ADD_SIGN: must approve as well, whatever the node's method. */
  added: boolean;
  sequenceNum: number;
}

/**
 * Where a node's round stands after a task was done: still open (`wait`, with the next task to
 * wake in a sequence), approved or rejected. Pure, so the approve ways are tested exhaustively.
 * - ANY: the first answer decides.
 * - ALL and SEQUENCE: every approver must approve; one rejection rejects.
 * - PERCENT:n: approved once n % of the approvers approved, rejected once n % can no longer be reached.
 * Tasks added by ADD_SIGN must all approve before the node is approved; their rejection rejects.
 */
export function decideRound(way: string, tasks: RoundTask[]): { outcome: 'wait'; wake?: number } | { outcome: 'approved' | 'rejected' } {
  const w = parseApproveWay(way) ?? { kind: 'ANY' as const };
  const live = tasks.filter((t) => t.status !== 'CANCELED');
  const base = live.filter((t) => !t.added);
  const added = live.filter((t) => t.added);
  const approved = (t: RoundTask) => t.status === 'DONE' && t.action === 'Approved';
  const rejected = (t: RoundTask) => t.status === 'DONE' && t.action === 'Rejected';
  if (added.some(rejected)) return { outcome: 'rejected' };

  let baseDone: 'approved' | 'rejected' | 'open';
  if (w.kind === 'ANY') baseDone = base.some(rejected) ? 'rejected' : base.some(approved) ? 'approved' : 'open';
  else if (w.kind === 'PERCENT') {
    const need = (w.percent / 100) * base.length;
    const yes = base.filter(approved).length;
    const no = base.filter(rejected).length;
    baseDone = yes >= need - 1e-9 ? 'approved' : base.length - no < need - 1e-9 ? 'rejected' : 'open';
  } else baseDone = base.some(rejected) ? 'rejected' : base.every(approved) ? 'approved' : 'open';

  if (baseDone === 'rejected') return { outcome: 'rejected' };
  if (baseDone === 'approved' && added.every(approved)) return { outcome: 'approved' };
  // In a sequence the next approver wakes once nobody of the round is pending.
  if (w.kind === 'SEQUENCE' && baseDone === 'open' && !base.some((t) => t.status === 'PENDING')) {
    const next = base.filter((t) => t.status === 'WAITING').sort((a, b) => a.sequenceNum - b.sequenceNum)[0];
    if (next) return { outcome: 'wait', wake: next.sequenceNum };
  }
  return { outcome: 'wait' };
}
