/**
 * Display mappings of §4. Each maps a raw value to a label key, a default text and a colour.
 * A status cell names one with `statusMap`.
 */
export interface StatusDisplay {
  key: string;
  text: string;
  color: string;
}

type Mapper = (v: unknown) => StatusDisplay;

const s = (key: string, text: string, color: string): StatusDisplay => ({ key, text, color });

export const STATUS_MAPS = {
  /** 1 is unfrozen, anything else frozen. */
  frozen: (v) => (Number(v) === 1 ? s('hzero.common.status.normal', 'Normal', 'green') : s('hzero.common.status.frozen', 'Frozen', 'red')),
  /** 1 normal, -1 abnormal, else not monitored. */
  health: (v) =>
    Number(v) === 1 ? s('hzero.common.status.healthy', 'Normal', 'green') : Number(v) === -1 ? s('hzero.common.status.unhealthy', 'Abnormal', 'red') : s('hzero.common.status.unmonitored', 'Not monitored', 'default'),
  /** Y or 1 read; N or 0 unread. */
  readFlag: (v) => (v === 'Y' || Number(v) === 1 ? s('hzero.common.status.read', 'Read', 'default') : s('hzero.common.status.unread', 'Unread', 'blue')),
  /** A flag whose "yes" needs a look (an outlier score): 1 or Y is a red Yes, anything else a plain No. */
  attention: (v) => (v === 'Y' || Number(v) === 1 ? s('hzero.common.status.yes', 'Yes', 'red') : s('hzero.common.status.no', 'No', 'default')),
  /** 0 automatic registration, 1 manual entry. */
  jobGroupSource: (v) => (Number(v) === 0 ? s('hsdr.jobGroup.source.auto', 'Automatic registration', 'blue') : s('hsdr.jobGroup.source.manual', 'Manual entry', 'default')),
  processInstance: (v) => {
    const x = String(v ?? '').toUpperCase();
    if (x === 'ENDED' || x === 'END') return s('hwfl.status.ended', 'Ended', 'default');
    if (x === 'SUSPENDED') return s('hwfl.status.suspended', 'Suspended', 'orange');
    return s('hwfl.status.running', 'Running', 'green');
  },
  approvalAction: (v) => {
    const labels: Record<string, [string, string]> = {
      Approved: ['Approved', 'green'], Rejected: ['Rejected', 'red'], ADD_SIGN: ['Add signer', 'blue'], DELEGATE: ['Delegate', 'blue'], JUMP: ['Jump', 'purple'],
      RECALL: ['Recall', 'orange'], REVOKE: ['Revoke', 'orange'], AUTO_DELEGATE: ['Auto delegate', 'blue'], CARBON_COPY: ['Carbon copy', 'default'],
    };
    const [text, color] = labels[String(v)] ?? [String(v ?? ''), 'default'];
    return s(`hwfl.approveAction.${String(v)}`, text, color);
  },
  execution: (v) => {
    const x = String(v ?? '').toUpperCase();
    const green = ['S', 'SUCCESS', 'COMPLETE'];
    const red = ['F', 'FAILED', 'ERROR'];
    const blue = ['P', 'RUNNING', 'PENDING', 'PART'];
    const texts: Record<string, string> = { S: 'Success', F: 'Failed', P: 'Processing', RUNNING: 'Running', PENDING: 'Pending', COMPLETE: 'Complete', ERROR: 'Error', NEW: 'New', PART: 'Partial', SUCCESS: 'Success', UNEXECUTE: 'Not executed', FAILED: 'Failed' };
    return s(`hzero.common.execution.${x}`, texts[x] ?? x, green.includes(x) ? 'green' : red.includes(x) ? 'red' : blue.includes(x) ? 'blue' : 'default');
  },
} satisfies Record<string, Mapper>;

export type StatusMapName = keyof typeof STATUS_MAPS;
