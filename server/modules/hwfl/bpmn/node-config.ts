import BpmnModdle from 'bpmn-moddle';

/**
 * What a user task of a definition says about its approval, from attributes a modeler writes:
 * ours (`hwfl:assignee`, `hwfl:approveWay`, `hwfl:actions`) or Activiti's, Flowable's and
 * Camunda's (`assignee`, `candidateUsers`, `candidateGroups`), so their files run here unchanged.
 */
export interface NodeConfig {
  id: string;
  name: string;
  /** Who approves: `user:login`, `role:CODE`, `position:CODE`, `auth:CODE`, `rule:CODE`, `expr:…`, `initiator`. */
  assignees: string[];
  /** `ANY`, `ALL`, `SEQUENCE`, `PERCENT:n`, or the code of a named approve way. */
  approveWay: string;
  /** Extra actions the node offers beside Approved and Rejected. */
  actions: string[];
}

export interface ProcessConfig {
  processId: string;
  processName: string;
  nodes: Map<string, NodeConfig>;
  /** `hwfl:service` of each service task: the code of an external definition (hwfl/setting/service-task). */
  services: Map<string, string>;
  /** Every service task, named or not. */
  serviceTasks: string[];
  /**
   * `hwfl:selfApproval="true"` on the process: its initiator may approve their own document when an
   * approver rule names them. Off by default: separation of duties, enforced by the engine.
   */
  selfApproval: boolean;
}

export const NODE_ACTIONS = ['DELEGATE', 'ADD_SIGN', 'CARBON_COPY'] as const;
const DEFAULT_ACTIONS = [...NODE_ACTIONS];

type El = { $type: string; id?: string; name?: string; flowElements?: El[]; $attrs?: Record<string, string> };

/** An attribute by its local name, whatever the modeler's prefix (`hwfl:`, `camunda:`, `flowable:`, `activiti:`). */
function attr(e: El, local: string): string | undefined {
  for (const [k, v] of Object.entries(e.$attrs ?? {})) if (k === local || k.endsWith(`:${local}`)) return v;
  return undefined;
}

const list = (v: string | undefined) => (v ?? '').split(/[,;]/).map((s) => s.trim()).filter(Boolean);

/** The assignee entries of a user task, with the other modelers' attributes read as ours. */
function assigneesOf(e: El): string[] {
  const ours = attr(e, 'assignee');
  const out: string[] = [];
  if (ours) {
    const m = /^\s*\$\{([\s\S]*)\}\s*$/.exec(ours);
    // `${initiator}` or `${record.agentLogin}`: an expression naming logins; otherwise our entries or a login.
    if (m) out.push(m[1]!.trim() === 'initiator' ? 'initiator' : `expr:${m[1]!.trim()}`);
    else if (/^expr:/.test(ours.trim())) out.push(ours.trim());
    else out.push(...list(ours).map((a) => (/^(user|role|position|auth|rule|expr):/.test(a) || a === 'initiator' ? a : `user:${a}`)));
  }
  out.push(...list(attr(e, 'candidateUsers')).map((u) => `user:${u}`));
  out.push(...list(attr(e, 'candidateGroups')).map((g) => `role:${g}`));
  return out;
}

export async function processConfig(xml: string): Promise<ProcessConfig> {
  const { rootElement } = (await new BpmnModdle().fromXML(xml)) as unknown as { rootElement: { rootElements?: El[] } };
  const proc = (rootElement.rootElements ?? []).find((e) => e.$type === 'bpmn:Process' && (e as { isExecutable?: boolean }).isExecutable !== false);
  if (!proc) throw new Error('no executable process');
  const nodes = new Map<string, NodeConfig>();
  const services = new Map<string, string>();
  const serviceTasks: string[] = [];
  for (const e of proc.flowElements ?? []) {
    if (e.$type === 'bpmn:UserTask') {
      const actions = attr(e, 'actions');
      nodes.set(e.id!, {
        id: e.id!,
        name: e.name ?? e.id!,
        assignees: assigneesOf(e),
        approveWay: (attr(e, 'approveWay') ?? 'ANY').trim(),
        actions: actions === undefined ? DEFAULT_ACTIONS : list(actions).map((a) => a.toUpperCase()),
      });
    }
    if (e.$type === 'bpmn:ServiceTask') {
      serviceTasks.push(e.id!);
      const code = attr(e, 'service');
      if (code) services.set(e.id!, code.trim());
    }
  }
  return { processId: proc.id!, processName: proc.name ?? proc.id!, nodes, services, serviceTasks, selfApproval: attr(proc, 'selfApproval')?.trim() === 'true' };
}

/**
 * The configuration of a deployed definition, parsed once per text (a deployed version never
 * changes; keyed by the XML itself, so servers sharing the process never mix their definitions).
 */
const parsed = new Map<string, Promise<ProcessConfig>>();
export function deployedConfig(xml: string): Promise<ProcessConfig> {
  let c = parsed.get(xml);
  if (!c) {
    c = processConfig(xml);
    parsed.set(xml, c);
    c.catch(() => parsed.delete(xml));
  }
  return c;
}

/** `ANY`, `ALL`, `SEQUENCE` or `PERCENT:n` (1–100); undefined when the text is none of them. */
export function parseApproveWay(text: string): { kind: 'ANY' | 'ALL' | 'SEQUENCE' } | { kind: 'PERCENT'; percent: number } | undefined {
  const t = text.trim().toUpperCase();
  if (t === 'ANY' || t === 'ALL' || t === 'SEQUENCE') return { kind: t };
  const m = /^PERCENT:(\d{1,3})$/.exec(t);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 100) return { kind: 'PERCENT', percent: Number(m[1]) };
  return undefined;
}
