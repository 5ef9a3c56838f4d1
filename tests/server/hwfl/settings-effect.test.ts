import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processConfig } from '../../../server/modules/hwfl/bpmn/node-config.ts';
import { startTestServer, type TestServer } from '../harness.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const WF = '/hwfl/v1/1';
type Row = Record<string, unknown>;

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = 'admin'): Promise<Row> {
  const r = await s.call({ method, url, payload: payload as object, as });
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json() as Row;
  expect(body.failed, r.body).toBeUndefined();
  return body;
}

/** A process as a modeler would save it: `body` between a start and an end. */
const bpmn = (key: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:hwfl="http://srm.example/schema/hwfl" id="d" targetNamespace="http://srm.example/hwfl">
  <process id="${key}" name="${key}" isExecutable="true">
    <startEvent id="start" />
    ${body}
    <endEvent id="end" />
  </process>
</definitions>`;

async function model(key: string, xml: string): Promise<number> {
  return (await ok('POST', `${WF}/process/models`, { modelKey: key, name: key, categoryId: 1, xml })).modelId as number;
}
const deploy = (modelId: number) => s.call({ method: 'POST', url: `${WF}/process/models/${modelId}/deploy`, as: 'admin' }).then((r) => r.json() as Row);
const pending = async (instanceId: unknown) =>
  (await s.ctx.db.query<{ name: string; who: string; status: string }>(
    "select t.name, u.login_name as who, t.status_code as status from hwfl_task t join iam_user u on u.id = t.assignee_id where t.instance_id = $1 and t.status_code in ('PENDING', 'WAITING') order by t.sequence_num",
    [instanceId],
  )).rows;
const taskOf = async (instanceId: unknown, login: string) =>
  (await s.ctx.db.query<{ id: number }>("select t.task_id::float8 as id from hwfl_task t join iam_user u on u.id = t.assignee_id where t.instance_id = $1 and u.login_name = $2 and t.status_code = 'PENDING'", [instanceId, login])).rows[0]!.id;

describe('the settings have real effect on a deployed process', () => {
  it('a form of the process key is the page a task shows; without one, an interface mapping of the key', async () => {
    const xml = bpmn('T_PAGES', '<sequenceFlow id="a" sourceRef="start" targetRef="t" /><userTask id="t" name="Check" hwfl:assignee="user:approver" /><sequenceFlow id="b" sourceRef="t" targetRef="end" />');
    expect((await deploy(await model('T_PAGES', xml))).versionNumber).toBe(1);
    const pageOf = async () => {
      const id = (await ok('POST', `${WF}/process/instance/start-up`, { processKey: 'T_PAGES', description: 'pages' }, 'buyer')).instanceId;
      return (await s.ctx.db.query<{ r: string | null }>('select detail_route as r from hwfl_process_instance where instance_id = $1', [id])).rows[0]!.r;
    };
    expect(await pageOf()).toBeNull();
    await ok('POST', `${WF}/forms`, { formCode: 'T_PAGES', description: 'page', url: '/hpfm/ui/page/common/HPFM.DEMO.PAYMENT_TERMS', invokeFlag: 1 });
    expect(await pageOf()).toBe('/hpfm/ui/page/common/HPFM.DEMO.PAYMENT_TERMS');
  });

  it('a service task sets a variable a gateway reads, a named approver rule and a sequence decide who approves, a listener tells the initiator', async () => {
    // Approver rule: approver, then director.
    const auth = await ok('POST', `${WF}/expression/header`, { expressionType: 'APPROVE_AUTH', code: 'T_REVIEWERS', description: 'reviewers', enabledFlag: 1 });
    await ok('POST', `${WF}/expression/line`, { expressionId: auth.expressionId, lineNum: 1, leftType: 'USER', leftOperand: 'approver', operator: 'EQ' });
    await ok('POST', `${WF}/expression/line`, { expressionId: auth.expressionId, lineNum: 2, leftType: 'USER', leftOperand: 'director', operator: 'EQ' });
    // A named condition over the variable the service task sets.
    await ok('POST', `${WF}/expression/header`, { expressionType: 'CONDITION', code: 'T_URGENT', description: 'urgent', expression: "variables.urgent == 'yes'", enabledFlag: 1 });
    // The service task's definition: the registered handler that sets a variable.
    const svc = await ok('POST', `${WF}/external/header`, { externalType: 'SERVICE_TASK', code: 'T_MARK_URGENT', description: 'mark urgent', handlerCode: 'hwfl.set-variable', contextEnable: 1, enabledFlag: 1 });
    await ok('POST', `${WF}/external/line`, { externalId: svc.externalId, parameterName: 'name', parameterType: 'STRING', parameterOrigin: 'CONSTANT', defaultValue: 'urgent' });
    await ok('POST', `${WF}/external/line`, { externalId: svc.externalId, parameterName: 'value', parameterType: 'STRING', parameterOrigin: 'CONSTANT', defaultValue: 'yes' });
    // A listener at the process's end: a message to the initiator.
    const msg = await ok('POST', `${WF}/external/header`, { externalType: 'MESSAGE', code: 'T_TELL_INITIATOR', description: 'tell', handlerCode: 'hwfl.notify-user', contextEnable: 1, enabledFlag: 1 });
    await ok('POST', `${WF}/external/line`, { externalId: msg.externalId, parameterName: 'subject', parameterType: 'STRING', parameterOrigin: 'CONSTANT', defaultValue: 'T-LISTENER: your process ended' });
    await ok('POST', `${WF}/process/listener`, { listenerType: 'PROCESS', code: 'T_END', eventCode: 'end', serviceCode: 'T_TELL_INITIATOR', enabledFlag: 1 });

    const xml = bpmn(
      'T_FLOW',
      `<sequenceFlow id="f1" sourceRef="start" targetRef="mark" />
    <serviceTask id="mark" name="Mark urgent" hwfl:service="T_MARK_URGENT" />
    <sequenceFlow id="f2" sourceRef="mark" targetRef="review" />
    <userTask id="review" name="Review" hwfl:assignee="auth:T_REVIEWERS" hwfl:approveWay="SEQUENCE" />
    <sequenceFlow id="f3" sourceRef="review" targetRef="gw" />
    <exclusiveGateway id="gw" default="f5" />
    <sequenceFlow id="f4" sourceRef="gw" targetRef="boss"><conditionExpression xsi:type="tFormalExpression">\${conditions.T_URGENT}</conditionExpression></sequenceFlow>
    <sequenceFlow id="f5" sourceRef="gw" targetRef="end" />
    <userTask id="boss" name="Boss" hwfl:assignee="user:sysadmin" />
    <sequenceFlow id="f6" sourceRef="boss" targetRef="end" />`,
    );
    const id = await model('T_FLOW', xml);
    expect(await deploy(id)).toMatchObject({ versionNumber: 1, processKey: 'T_FLOW' });

    const started = await ok('POST', `${WF}/process/instance/start-up`, { processKey: 'T_FLOW', description: 'settings effect', variables: { amount: 10 } }, 'buyer');
    const inst = started.instanceId;
    expect(await pending(inst)).toEqual([
      { name: 'Review', who: 'approver', status: 'PENDING' },
      { name: 'Review', who: 'director', status: 'WAITING' },
    ]);
    await ok('POST', `${WF}/runtime/tasks/${await taskOf(inst, 'approver')}`, { action: 'Approved' }, 'approver');
    expect(await pending(inst)).toEqual([{ name: 'Review', who: 'director', status: 'PENDING' }]);
    await ok('POST', `${WF}/runtime/tasks/${await taskOf(inst, 'director')}`, { action: 'Approved' }, 'director');
    // The service task's variable made the named condition true: the boss approves last.
    expect(await pending(inst)).toEqual([{ name: 'Boss', who: 'sysadmin', status: 'PENDING' }]);
    await ok('POST', `${WF}/runtime/tasks/${await taskOf(inst, 'sysadmin')}`, { action: 'Approved' }, 'sysadmin');
    const told = await s.ctx.db.query("select 1 from hmsg_user_message m join iam_user u on u.id = m.user_id where u.login_name = 'buyer' and m.subject = 'T-LISTENER: your process ended'");
    expect(told.rows.length).toBe(1);
  });

  it("an expression service's value is the variable named by its code, for the gateways after it", async () => {
    // Seeded: PO_AMOUNT, the document field `amount` (hwfl.document-field).
    const xml = bpmn(
      'T_EXPR',
      `<sequenceFlow id="a" sourceRef="start" targetRef="amount" />
    <serviceTask id="amount" name="Amount" hwfl:service="PO_AMOUNT" />
    <sequenceFlow id="b" sourceRef="amount" targetRef="gw" />
    <exclusiveGateway id="gw" default="small" />
    <sequenceFlow id="big" sourceRef="gw" targetRef="check"><conditionExpression xsi:type="tFormalExpression">\${variables.PO_AMOUNT > 5000}</conditionExpression></sequenceFlow>
    <sequenceFlow id="small" sourceRef="gw" targetRef="end" />
    <userTask id="check" name="Check" hwfl:assignee="user:approver" />
    <sequenceFlow id="c" sourceRef="check" targetRef="end" />`,
    );
    expect((await deploy(await model('T_EXPR', xml))).versionNumber).toBe(1);
    const big = (await ok('POST', `${WF}/process/instance/start-up`, { processKey: 'T_EXPR', description: 'big', variables: { amount: 9000 } }, 'buyer')).instanceId;
    expect(await pending(big)).toEqual([{ name: 'Check', who: 'approver', status: 'PENDING' }]);
    const small = (await ok('POST', `${WF}/process/instance/start-up`, { processKey: 'T_EXPR', description: 'small', variables: { amount: 10 } }, 'buyer')).instanceId;
    expect(await pending(small)).toEqual([]);
    const ended = await s.ctx.db.query<{ r: string }>('select result_code as r from hwfl_process_instance where instance_id = $1', [small]);
    expect(ended.rows[0]!.r).toBe('APPROVED');
  });

  it('deploying again makes version 2 while a running instance keeps version 1; an exported file imported as a new model is the same process', async () => {
    const xml = bpmn('T_VERSIONS', '<sequenceFlow id="a" sourceRef="start" targetRef="t" /><userTask id="t" name="Check" hwfl:assignee="user:approver" /><sequenceFlow id="b" sourceRef="t" targetRef="end" />');
    const id = await model('T_VERSIONS', xml);
    expect((await deploy(id)).versionNumber).toBe(1);
    const running = (await ok('POST', `${WF}/process/instance/start-up`, { processKey: 'T_VERSIONS', description: 'on v1' }, 'buyer')).instanceId;
    expect((await deploy(id)).versionNumber).toBe(2);
    const v = await s.ctx.db.query<{ version_number: number }>('select version_number from hwfl_process_instance where instance_id = $1', [running]);
    expect(v.rows[0]!.version_number).toBe(1);
    const exported = ((await ok('GET', `${WF}/process/definitions?modelId=${id}&sort=versionNumber,desc`)).content as Row[])[0]!.xml as string;
    const copy = await model('T_VERSIONS_COPY', exported);
    expect((await deploy(copy)).versionNumber).toBe(1);
    const [a, b] = await Promise.all([processConfig(xml), processConfig(exported)]);
    expect([...b.nodes.values()]).toEqual([...a.nodes.values()]);
  });

  it('refuses to deploy, naming each element: no approver, an unknown rule, a service task without its definition, an unknown condition, a script task', async () => {
    const xml = bpmn(
      'T_BAD',
      `<sequenceFlow id="a" sourceRef="start" targetRef="nobody" />
    <userTask id="nobody" name="Nobody" />
    <sequenceFlow id="b" sourceRef="nobody" targetRef="ghost" />
    <userTask id="ghost" name="Ghost" hwfl:assignee="auth:NO_SUCH_RULE" />
    <sequenceFlow id="c" sourceRef="ghost" targetRef="svc" />
    <serviceTask id="svc" name="Call" />
    <sequenceFlow id="toGw" sourceRef="svc" targetRef="gw" />
    <exclusiveGateway id="gw" default="e" />
    <sequenceFlow id="e" sourceRef="gw" targetRef="end" />
    <sequenceFlow id="f" sourceRef="gw" targetRef="end"><conditionExpression xsi:type="tFormalExpression">\${conditions.NO_SUCH_CONDITION}</conditionExpression></sequenceFlow>`,
    );
    const r = await deploy(await model('T_BAD', xml));
    expect(r).toMatchObject({ failed: true, code: 'hwfl.deploy.invalid' });
    const elements = (r.problems as Array<{ element: string; message: string }>).map((p) => p.element);
    expect(elements).toEqual(expect.arrayContaining(['nobody', 'ghost', 'svc', 'definitions']));
    const script = await deploy(await model('T_SCRIPT', bpmn('T_SCRIPT', '<sequenceFlow id="a" sourceRef="start" targetRef="x" /><scriptTask id="x" scriptFormat="javascript"><script>1</script></scriptTask><sequenceFlow id="b" sourceRef="x" targetRef="end" />')));
    expect((script.problems as Array<{ element: string }>).map((p) => p.element)).toContain('x');
    const none = await s.ctx.db.query("select 1 from hwfl_process_definition where process_key in ('T_BAD', 'T_SCRIPT')");
    expect(none.rows).toEqual([]);
    // A flow reading a process variable nobody declared is refused; once declared, it deploys.
    const reads = bpmn('T_VARS', '<sequenceFlow id="a" sourceRef="start" targetRef="gw" /><exclusiveGateway id="gw" default="b" /><sequenceFlow id="b" sourceRef="gw" targetRef="end" /><sequenceFlow id="c" sourceRef="gw" targetRef="end"><conditionExpression xsi:type="tFormalExpression">${variables.budgetLeft > 0}</conditionExpression></sequenceFlow>');
    const vm = await model('T_VARS', reads);
    expect(((await deploy(vm)).problems as Array<{ message: string }>)[0]!.message).toContain('budgetLeft is not declared');
    await ok('POST', `${WF}/process/variable`, { variableCode: 'budgetLeft', description: 'budget left', parameterType: 'NUMBER', scopeCode: 'GLOBAL' });
    expect((await deploy(vm)).versionNumber).toBe(1);
    // Nothing deployed: starting it is refused with the reason.
    const start = await ok('POST', `${WF}/process/instance/start-up`, { processKey: 'T_BAD', description: 'x' }, 'buyer').catch(() => undefined);
    expect(start).toBeUndefined();
  });
});

describe('separation of duties', () => {
  const userId = async (login: string) => Number((await s.ctx.db.query<{ id: number }>('select id::float8 as id from iam_user where login_name = $1', [login])).rows[0]!.id);
  const start = (key: string) => s.call({ method: 'POST', url: `${WF}/process/instance/start-up`, payload: { processKey: key, description: key }, as: 'buyer' }).then((r) => r.json() as Row);
  const act = (as: string, taskId: number, payload: Row) => s.call({ method: 'POST', url: `${WF}/runtime/tasks/${taskId}`, payload, as });

  it('refuses a step whose only approver is the initiator, unless the process allows approving one’s own document', async () => {
    const task = '<sequenceFlow id="a" sourceRef="start" targetRef="t" /><userTask id="t" name="Check" hwfl:assignee="user:buyer" /><sequenceFlow id="b" sourceRef="t" targetRef="end" />';
    expect((await deploy(await model('T_SELF', bpmn('T_SELF', task)))).versionNumber).toBe(1);
    const refused = await start('T_SELF');
    expect(refused).toMatchObject({ failed: true, code: 'hwfl.assignee.selfOnly' });
    expect(String(refused.message)).toContain('Check');
    const allowed = bpmn('T_SELF_OK', task).replace('isExecutable="true"', 'isExecutable="true" hwfl:selfApproval="true"');
    expect((await deploy(await model('T_SELF_OK', allowed))).versionNumber).toBe(1);
    const started = await start('T_SELF_OK');
    expect(started.failed, JSON.stringify(started)).toBeUndefined();
    expect((await act('buyer', await taskOf(started.instanceId, 'buyer'), { action: 'Approved' })).json()).toMatchObject({ statusCode: 'ENDED', resultCode: 'APPROVED' });
  });

  it('keeps the approval from the initiator however the task would reach them: a delegation, an added approver, the monitor reassigning it', async () => {
    const xml = bpmn('T_SOD', '<sequenceFlow id="a" sourceRef="start" targetRef="t" /><userTask id="t" name="Check" hwfl:assignee="user:approver" /><sequenceFlow id="b" sourceRef="t" targetRef="end" />');
    expect((await deploy(await model('T_SOD', xml))).versionNumber).toBe(1);
    const inst = (await start('T_SOD')).instanceId;
    const buyer = await userId('buyer');
    const t = await taskOf(inst, 'approver');
    for (const action of ['DELEGATE', 'ADD_SIGN']) expect((await act('approver', t, { action, targetUserId: buyer })).json(), action).toMatchObject({ failed: true, code: 'hwfl.delegate.initiator' });
    expect((await s.call({ method: 'POST', url: `${WF}/runtime/execute/${String(inst)}`, payload: { action: 'delegate', taskId: t, targetUserId: buyer }, as: 'admin' })).statusCode).toBe(200);
    const own = await act('buyer', t, { action: 'Approved' });
    expect(own.statusCode, own.body).toBe(403);
    expect(await pending(inst)).toEqual([{ name: 'Check', who: 'buyer', status: 'PENDING' }]);
  });
});
