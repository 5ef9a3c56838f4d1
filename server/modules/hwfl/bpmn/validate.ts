import BpmnModdle from 'bpmn-moddle';
import { conditionProblem } from './conditions.ts';

/** A problem of a process definition, naming the element (its id, or `definitions`). */
export interface BpmnProblem {
  element: string;
  message: string;
}

export interface BpmnSummary {
  processId: string;
  processName?: string;
  userTasks: Array<{ id: string; name?: string }>;
}

type El = { $type: string; id?: string; name?: string; flowElements?: El[]; conditionExpression?: { body?: string; language?: string }; isExecutable?: boolean; eventDefinitions?: El[] };

/** Elements this engine refuses: a script would run code typed into a modeler on the server. */
const REFUSED: Record<string, string> = {
  'bpmn:ScriptTask': 'script tasks are not allowed (no code typed into a modeler runs on the server); use a service task naming a registered handler',
};

/**
 * Parses a BPMN 2.0 file (Activiti, Flowable and Camunda write the same XML) and checks what
 * must hold before it is deployed: one executable process with a start and an end event, no
 * script tasks, and gateway conditions written in the expression language. Nothing is deployed
 * while any problem remains.
 */
export async function validateBpmn(xml: string): Promise<{ problems: BpmnProblem[]; summary?: BpmnSummary }> {
  const problems: BpmnProblem[] = [];
  let parsed: { rootElement: { rootElements?: El[] }; warnings: Array<{ message: string; element?: { id?: string } }> };
  try {
    parsed = (await new BpmnModdle().fromXML(xml)) as unknown as typeof parsed;
  } catch (e) {
    return { problems: [{ element: 'definitions', message: `not a BPMN 2.0 file: ${(e as Error).message.split('\n')[0]}` }] };
  }
  for (const w of parsed.warnings) problems.push({ element: w.element?.id ?? 'definitions', message: w.message.split('\n')[0]! });
  const processes = (parsed.rootElement.rootElements ?? []).filter((e) => e.$type === 'bpmn:Process');
  const executable = processes.filter((p) => p.isExecutable !== false);
  if (executable.length !== 1) {
    problems.push({ element: 'definitions', message: executable.length ? 'more than one executable process; deploy one per file' : 'no executable process' });
    return { problems };
  }
  const proc = executable[0]!;
  const elements = proc.flowElements ?? [];
  const byType = (t: string) => elements.filter((e) => e.$type === t);
  if (!byType('bpmn:StartEvent').length) problems.push({ element: proc.id ?? 'process', message: 'the process has no start event' });
  if (!byType('bpmn:EndEvent').length) problems.push({ element: proc.id ?? 'process', message: 'the process has no end event' });
  for (const e of elements) {
    const refused = REFUSED[e.$type];
    if (refused) problems.push({ element: e.id ?? e.$type, message: refused });
    const c = e.conditionExpression;
    if (c) {
      if (c.language) problems.push({ element: e.id ?? 'sequenceFlow', message: `script conditions (${c.language}) are not allowed; write an expression like \${record.amount > 100000}` });
      else {
        const why = conditionProblem(c.body ?? '');
        if (why) problems.push({ element: e.id ?? 'sequenceFlow', message: `condition \`${c.body ?? ''}\`: ${why}` });
      }
    }
  }
  return {
    problems,
    summary: { processId: proc.id!, ...(proc.name ? { processName: proc.name } : {}), userTasks: byType('bpmn:UserTask').map((t) => ({ id: t.id!, ...(t.name ? { name: t.name } : {}) })) },
  };
}
