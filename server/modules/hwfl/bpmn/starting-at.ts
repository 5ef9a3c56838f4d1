import BpmnModdle from 'bpmn-moddle';

type El = { $type: string; id?: string; flowElements?: El[]; sourceRef?: El; targetRef?: El; outgoing?: El[]; incoming?: El[]; attachedToRef?: El };

/**
 * The same process, started at the user task `target`: only what can be reached from `target`
 * stays, and one new start event leads to it. Used for an administrator's jump (run.ts). The
 * engine treats an activity without incoming flows as a start, so what lies only before the
 * target must go, not merely lose its start event.
 */
export async function startingAt(xml: string, target: string): Promise<string> {
  const moddle = new BpmnModdle();
  const { rootElement } = (await moddle.fromXML(xml)) as unknown as { rootElement: { rootElements?: El[] } };
  const proc = (rootElement.rootElements ?? []).find((e) => e.$type === 'bpmn:Process' && e.flowElements?.some((f) => f.id === target));
  const to = proc?.flowElements?.find((f) => f.id === target);
  if (!proc || !to || to.$type !== 'bpmn:UserTask') throw new Error(`${target} is not a user task of the process`);
  const elements = proc.flowElements!;
  const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
  const reached = new Set<El>([to]);
  const reach = (e: El | undefined) => {
    if (!e || reached.has(e)) return false;
    reached.add(e);
    return true;
  };
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of flows) if (f.sourceRef && reached.has(f.sourceRef) && reach(f.targetRef)) grew = true;
    for (const e of elements) if (e.attachedToRef && reached.has(e.attachedToRef) && reach(e)) grew = true;
  }
  const keptFlows = flows.filter((f) => f.sourceRef && reached.has(f.sourceRef));
  for (const e of reached) {
    if (e.incoming) e.incoming = e.incoming.filter((f) => keptFlows.includes(f));
    if (e.outgoing) e.outgoing = e.outgoing.filter((f) => keptFlows.includes(f));
  }
  const start = moddle.create('bpmn:StartEvent', { id: '__jump_start' }) as unknown as El;
  const flow = moddle.create('bpmn:SequenceFlow', { id: '__jump_flow', sourceRef: start, targetRef: to }) as unknown as El;
  start.outgoing = [flow];
  to.incoming = [...(to.incoming ?? []), flow];
  proc.flowElements = [start, flow, ...elements.filter((e) => reached.has(e)), ...keptFlows];
  return (await moddle.toXML(rootElement as never)).xml;
}
