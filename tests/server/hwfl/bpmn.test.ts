import { describe, expect, it } from 'vitest';
import { signalRun, startRun } from '../../../server/modules/hwfl/bpmn/run.ts';
import { validateBpmn } from '../../../server/modules/hwfl/bpmn/validate.ts';

/** A purchase-order approval as a modeler writes it: over 100,000 needs a second approver. */
const po = (condition = '${record.amount > 100000}', extra = '') => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="defs" targetNamespace="http://srm/hwfl">
  <process id="PO_APPROVAL" name="Purchase order approval" isExecutable="true">
    <startEvent id="start" />
    <sequenceFlow id="toManager" sourceRef="start" targetRef="manager" />
    <userTask id="manager" name="Purchasing manager" />
    <sequenceFlow id="toAmount" sourceRef="manager" targetRef="amount" />
    <exclusiveGateway id="amount" default="small" />
    <sequenceFlow id="big" sourceRef="amount" targetRef="director"><conditionExpression xsi:type="tFormalExpression">${condition}</conditionExpression></sequenceFlow>
    <sequenceFlow id="small" sourceRef="amount" targetRef="end" />
    <userTask id="director" name="Director" />
    <sequenceFlow id="toEnd" sourceRef="director" targetRef="end" />
    ${extra}
    <endEvent id="end" />
  </process>
</definitions>`;

describe('checking a BPMN definition before it is deployed', () => {
  it('accepts a well-formed approval and lists its user tasks', async () => {
    const r = await validateBpmn(po());
    expect(r.problems).toEqual([]);
    expect(r.summary).toEqual({ processId: 'PO_APPROVAL', processName: 'Purchase order approval', userTasks: [{ id: 'manager', name: 'Purchasing manager' }, { id: 'director', name: 'Director' }] });
  });

  it('names the element of each problem: no end, a script task, a condition that does not parse or reads an unknown name, not XML', async () => {
    expect((await validateBpmn(po().replace('<endEvent id="end" />', ''))).problems).toContainEqual({ element: 'PO_APPROVAL', message: 'the process has no end event' });
    const script = await validateBpmn(po(undefined, '<scriptTask id="hack" scriptFormat="javascript"><script>process.exit(1)</script></scriptTask>'));
    expect(script.problems.map((p) => p.element)).toContain('hack');
    expect((await validateBpmn(po('${record.amount >'))).problems[0]).toMatchObject({ element: 'big' });
    expect((await validateBpmn(po('${process.env.SECRET}'))).problems[0]).toMatchObject({ element: 'big', message: expect.stringContaining('unknown name "process"') });
    expect((await validateBpmn('<not-bpmn/>')).problems[0]).toMatchObject({ element: 'definitions' });
  });
});

describe('running an instance step by step, as the server stores it', () => {
  it('waits on the manager, then branches on the amount; each step resumes from the stored state only', async () => {
    const started = await startRun('po-1', po(), { record: { amount: 250_000 } });
    expect(started).toMatchObject({ waiting: [{ id: 'manager', name: 'Purchasing manager' }], ended: false });
    // A new engine from the JSON alone, as after a restart or on another server instance.
    const afterManager = await signalRun('po-1', started.state, 'manager', { action: 'APPROVED' });
    expect(afterManager).toMatchObject({ waiting: [{ id: 'director' }], ended: false });
    const done = await signalRun('po-1', afterManager.state, 'director', { action: 'APPROVED' });
    expect(done).toMatchObject({ waiting: [], ended: true });

    const small = await signalRun('po-2', (await startRun('po-2', po(), { record: { amount: 99_000 } })).state, 'manager', { action: 'APPROVED' });
    expect(small).toMatchObject({ waiting: [], ended: true });
  });

  it('refuses a task the instance is not waiting on, leaving the stored state as it was', async () => {
    const started = await startRun('po-3', po(), { record: { amount: 1 } });
    await expect(signalRun('po-3', started.state, 'director', {})).rejects.toThrow('not waiting on director');
    expect((await signalRun('po-3', started.state, 'manager', {})).ended).toBe(true);
  });

  it('reports a condition that fails at run time as an error of the step, without bringing the server down', async () => {
    // Refused before deploy when it can be seen: a call of a method, a forbidden member.
    expect((await validateBpmn(po('${record.amount.toFixed(2) > 1}'))).problems[0]).toMatchObject({ element: 'big', message: expect.stringContaining('only these functions can be called') });
    expect((await validateBpmn(po('${record.constructor}'))).problems[0]).toMatchObject({ element: 'big', message: expect.stringContaining('cannot be read') });
    // A computed key is only known while running.
    const xml = po('${record[record.key] > 1}');
    expect((await validateBpmn(xml)).problems).toEqual([]);
    const started = await startRun('po-4', xml, { record: { amount: 5, key: 'constructor' } });
    await expect(signalRun('po-4', started.state, 'manager', {})).rejects.toThrow(/the process failed/);
  });
});

describe('what a step knows', () => {
  it('a gateway after a resumed task reads the variables given at that step, not those of the start', async () => {
    const xml = po('${variables.approveResult == "Approved" && record.amount > 100000}');
    const started = await startRun('po-vars', xml, { record: { amount: 250_000 }, variables: {} });
    const moved = await signalRun('po-vars', started.state, 'manager', {}, { variables: { approveResult: 'Approved' } });
    expect(moved.waiting).toEqual([{ id: 'director', name: 'Director' }]);
    const ended = await signalRun('po-vars', started.state, 'manager', {}, { variables: { approveResult: 'Rejected' } });
    expect(ended.ended).toBe(true);
  });
});
