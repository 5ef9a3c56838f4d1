import { signalRun, startRun } from './server/modules/hwfl/bpmn/run.ts';
const condition = '${record.amount > 100000}';
const xml = `<?xml version="1.0" encoding="UTF-8"?>
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
    <endEvent id="end" />
  </process>
</definitions>`;
const t = setTimeout(() => { console.log('timeout'); process.exit(1); }, 5000);
const s = await startRun('x', xml, { record: { amount: 250000 } });
console.log('started', s.waiting);
const a = await signalRun('x', s.state, 'manager', { action: 'A' });
console.log('after', a.waiting, a.ended);
clearTimeout(t);
