import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import BpmnModdle from 'bpmn-moddle';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateBpmn } from '../../../../server/modules/hwfl/bpmn/validate.ts';
import { FailedResponseError, HttpStatusError } from '../../../../src/request/errors.ts';

vi.mock('../../../../src/auth/login-redirect.ts', () => ({ redirectToLogin: () => undefined }));

const { http, request, setNotifier } = await import('../../../../src/request/request.ts');
const { defaultDiagram, DeployRefused, exportFileName, modelerApi, processIdOf, refusalOf } = await import('../../../../src/custom/hwfl/modeler-api.ts');

type El = { $type: string; id: string; name?: string; isExecutable?: boolean; flowElements?: El[]; sourceRef?: El; targetRef?: El; bpmnElement?: El; plane?: { bpmnElement?: El; planeElement?: El[] } };
type Parsed = { rootElement: { rootElements: El[]; diagrams: El[] }; warnings: Array<{ message: string }> };

const parse = async (xml: string) => (await new BpmnModdle().fromXML(xml)) as unknown as Parsed;

describe('the diagram a model without XML starts from', () => {
  it('is valid BPMN 2.0: one executable process named after the model, start → user task "Approve" → end', async () => {
    const { rootElement, warnings } = await parse(defaultDiagram('PO_APPROVE', 'Purchase order approval'));
    expect(warnings).toEqual([]);
    const processes = rootElement.rootElements.filter((e) => e.$type === 'bpmn:Process');
    expect(processes).toHaveLength(1);
    const proc = processes[0]!;
    expect(proc).toMatchObject({ id: 'PO_APPROVE', name: 'Purchase order approval', isExecutable: true });
    const of = (type: string) => proc.flowElements!.filter((e) => e.$type === type);
    const [start, task, end] = [of('bpmn:StartEvent'), of('bpmn:UserTask'), of('bpmn:EndEvent')].map((l) => {
      expect(l).toHaveLength(1);
      return l[0]!;
    });
    expect(task!.name).toBe('Approve');
    const flows = of('bpmn:SequenceFlow').map((f) => [f.sourceRef?.id, f.targetRef?.id]);
    expect(flows).toEqual([
      [start!.id, task!.id],
      [task!.id, end!.id],
    ]);
  });

  it('carries its layout (BPMN DI) for every element, so the modeler can draw it', async () => {
    const { rootElement } = await parse(defaultDiagram('PO_APPROVE', 'x'));
    const plane = rootElement.diagrams[0]!.plane!;
    expect(plane.bpmnElement?.id).toBe('PO_APPROVE');
    const drawn = plane.planeElement!.map((d) => d.bpmnElement?.id).sort();
    expect(drawn).toEqual(['EndEvent_1', 'Flow_1', 'Flow_2', 'StartEvent_1', 'UserTask_Approve']);
  });

  it('passes the server’s checks before deploy', async () => {
    const { problems, summary } = await validateBpmn(defaultDiagram('PO_APPROVE', 'Purchase order approval'));
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ processId: 'PO_APPROVE', processName: 'Purchase order approval', userTasks: [{ id: 'UserTask_Approve', name: 'Approve' }] });
  });

  it('escapes the names, takes a translated task name, and makes an XML id of an odd model key', async () => {
    const { rootElement, warnings } = await parse(defaultDiagram('1st key/v2', 'A & B <"quoted">', '审批'));
    expect(warnings).toEqual([]);
    const proc = rootElement.rootElements[0]!;
    expect(proc).toMatchObject({ id: '_1st_key_v2', name: 'A & B <"quoted">' });
    expect(proc.flowElements!.find((e) => e.$type === 'bpmn:UserTask')!.name).toBe('审批');
    expect(processIdOf('PO_APPROVE')).toBe('PO_APPROVE');
    expect(processIdOf('hwfl.leave-v2')).toBe('hwfl.leave-v2');
    expect(processIdOf(' ')).toBe('process');
  });

  it('is exported as <modelKey>.bpmn', () => {
    expect(exportFileName('PO_APPROVE')).toBe('PO_APPROVE.bpmn');
    expect(exportFileName('a/b c')).toBe('a_b_c.bpmn');
  });
});

describe('the modeler’s calls', () => {
  const model = { modelId: 12, modelKey: 'PO_APPROVE', name: 'PO', categoryId: 3, description: 'd', xml: '<x/>', deployedVersion: 2, objectVersionNumber: 5 };
  const fake = (answer: unknown = {}) => {
    const calls: Array<{ url: string; opts?: unknown }> = [];
    const requester = <T>(url: string, opts?: unknown) => (calls.push({ url, opts }), answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T));
    return { calls, requester };
  };

  it('loads, saves, deploys and lists the versions of a model in the tenant', async () => {
    const { calls, requester } = fake();
    const api = modelerApi(7, requester);
    await api.get(12);
    await api.save(model, '<new/>');
    await api.deploy(12);
    await api.versions(12);
    expect(calls).toEqual([
      { url: '/hwfl/v1/7/process/models/12', opts: undefined },
      { url: '/hwfl/v1/7/process/models', opts: { method: 'PUT', body: { modelId: 12, objectVersionNumber: 5, xml: '<new/>', modelKey: 'PO_APPROVE', name: 'PO', categoryId: 3 } } },
      { url: '/hwfl/v1/7/process/models/12/deploy', opts: { method: 'POST' } },
      { url: '/hwfl/v1/7/process/definitions', opts: { query: { modelId: 12, sort: 'versionNumber,desc', page: 0, size: 100 } } },
    ]);
  });

  it('turns a refused deploy into DeployRefused with the problems; other errors pass as they are', async () => {
    const refused = new FailedResponseError({ failed: true, code: 'hwfl.deploy.invalid', message: 'Cannot deploy', problems: [{ element: 'Task_1', message: 'no assignee' }] } as never);
    const e = await modelerApi(7, fake(refused).requester).deploy(12).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(DeployRefused);
    expect(e).toMatchObject({ message: 'Cannot deploy', problems: [{ element: 'Task_1', message: 'no assignee' }] });
    const other = new FailedResponseError({ failed: true, code: 'other', message: 'No' });
    await expect(modelerApi(7, fake(other).requester).deploy(12)).rejects.toBe(other);
    const http500 = new HttpStatusError(500, 'boom', '/x');
    await expect(modelerApi(7, fake(http500).requester).deploy(12)).rejects.toBe(http500);
    expect(refusalOf(new Error('x'))).toBeUndefined();
  });
});

describe('a refused deploy through the request layer', () => {
  afterEach(() => {
    http.defaults.adapter = undefined;
  });

  it('shows the server’s message as a notification and rejects with the problems', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const body = { failed: true, code: 'hwfl.deploy.invalid', message: 'The process cannot be deployed', problems: [{ element: 'Gateway_1', message: 'condition `amount >` does not parse' }] };
    http.defaults.adapter = ((config) => (seen.push(config), Promise.resolve({ data: body, status: 200, statusText: 'OK', headers: {}, config }))) as AxiosAdapter;
    const notes = { failed: vi.fn(), forbidden: vi.fn(), unreachable: vi.fn(), error: vi.fn() };
    setNotifier(notes);
    const e = await modelerApi(7, request).deploy(12).catch((x: unknown) => x);
    expect(seen[0]).toMatchObject({ url: '/hwfl/v1/7/process/models/12/deploy', method: 'post' });
    expect(notes.failed).toHaveBeenCalledWith(body);
    expect(e).toBeInstanceOf(DeployRefused);
    expect((e as InstanceType<typeof DeployRefused>).problems).toEqual(body.problems);
  });
});
