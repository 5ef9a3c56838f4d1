import { FailedResponseError } from '../../request/errors.ts';
import type { RequestOptions } from '../../request/request.ts';

/**
 * The calls of the workflow modeler (/hwfl/setting/process-define/deploy/:id), all in one place:
 * the process model, saving its BPMN XML, deploying it, and its deployed versions.
 */
export interface ProcessModel {
  modelId: number;
  modelKey: string;
  name: string;
  categoryId?: number | null;
  description?: string | null;
  /** The BPMN 2.0 XML; empty for a model nobody has drawn yet. */
  xml?: string | null;
  deployedVersion?: number | null;
  objectVersionNumber: number;
}

/** A deployed version of a model (a process definition). */
export interface ProcessVersion {
  definitionId: number;
  versionNumber: number;
  processKey: string;
  processName?: string | null;
  deployTime?: string | null;
  deployedByName?: string | null;
  xml?: string | null;
}

/** A reason the server refused to deploy, naming the BPMN element (its id). */
export interface BpmnProblem {
  element: string;
  message: string;
}

/** A deploy refused by the server's checks (`hwfl.deploy.invalid`), with every problem. */
export class DeployRefused extends Error {
  constructor(
    readonly problems: BpmnProblem[],
    message = 'deploy refused',
  ) {
    super(message);
  }
}

/**
 * How calls are made: the host's services (`useServices().request`: the shell's request layer, or
 * Storybook's data source), or a test's fake. Passed in rather than imported, so this chunk does
 * not pull the request layer out of the entry chunk into a shared one.
 */
export type Requester = <T>(url: string, opts?: RequestOptions) => Promise<T>;

/** The most versions the Versions tab lists (newest first). */
export const VERSIONS_PAGE_SIZE = 100;

export function modelerApi(tenantId: number, request: Requester) {
  const base = `/hwfl/v1/${encodeURIComponent(String(tenantId))}/process`;
  return {
    get: (modelId: number | string) => request<ProcessModel>(`${base}/models/${encodeURIComponent(String(modelId))}`),
    save: (model: ProcessModel, xml: string) =>
      request<ProcessModel>(`${base}/models`, {
        method: 'PUT',
        body: { modelId: model.modelId, objectVersionNumber: model.objectVersionNumber, xml, modelKey: model.modelKey, name: model.name, categoryId: model.categoryId ?? null },
      }),
    /** Deploys the saved XML; rejects with `DeployRefused` when the checks refuse it (the request layer has shown its message). */
    deploy: (modelId: number | string) =>
      request<ProcessVersion>(`${base}/models/${encodeURIComponent(String(modelId))}/deploy`, { method: 'POST' }).catch((e: unknown) => {
        throw refusalOf(e) ?? e;
      }),
    versions: (modelId: number | string) =>
      request<{ content: ProcessVersion[]; totalElements: number }>(`${base}/definitions`, { query: { modelId, sort: 'versionNumber,desc', page: 0, size: VERSIONS_PAGE_SIZE } }),
  };
}

export type ModelerApi = ReturnType<typeof modelerApi>;

/** The server's refusal (`failed: true` with `problems`) as `DeployRefused`; undefined for any other error. */
export function refusalOf(e: unknown): DeployRefused | undefined {
  if (!(e instanceof FailedResponseError)) return undefined;
  const problems = (e.body as { problems?: unknown }).problems;
  if (!Array.isArray(problems)) return undefined;
  const list = problems
    .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
    .map((p) => ({ element: String(p.element ?? 'definitions'), message: String(p.message ?? '') }));
  return new DeployRefused(list, e.message);
}

/**
 * A BPMN id (xsd:ID, an XML name without colons) made from a model key: kept as it is when it is
 * one already (the usual case, e.g. `PO_APPROVE`), otherwise other characters become `_` and a
 * leading digit, dot or dash gets a `_` in front.
 */
export function processIdOf(modelKey: string): string {
  const cleaned = modelKey.trim().replace(/[^A-Za-z0-9_.-]/g, '_') || 'process';
  return /^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The diagram a model without XML starts from: one executable process, whose id is the model
 * key and name the model's name, going from a start event through a user task "Approve" to an
 * end event, with its layout (BPMN DI) so the modeler can draw it.
 */
export function defaultDiagram(modelKey: string, name: string, taskName = 'Approve'): string {
  const id = escapeXml(processIdOf(modelKey));
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="Definitions_${id}" targetNamespace="urn:hwfl:process-models">
  <bpmn:process id="${id}" name="${escapeXml(name)}" isExecutable="true">
    <bpmn:startEvent id="StartEvent_1">
      <bpmn:outgoing>Flow_1</bpmn:outgoing>
    </bpmn:startEvent>
    <bpmn:userTask id="UserTask_Approve" name="${escapeXml(taskName)}">
      <bpmn:incoming>Flow_1</bpmn:incoming>
      <bpmn:outgoing>Flow_2</bpmn:outgoing>
    </bpmn:userTask>
    <bpmn:endEvent id="EndEvent_1">
      <bpmn:incoming>Flow_2</bpmn:incoming>
    </bpmn:endEvent>
    <bpmn:sequenceFlow id="Flow_1" sourceRef="StartEvent_1" targetRef="UserTask_Approve" />
    <bpmn:sequenceFlow id="Flow_2" sourceRef="UserTask_Approve" targetRef="EndEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${id}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="UserTask_Approve_di" bpmnElement="UserTask_Approve">
        <dc:Bounds x="270" y="138" width="100" height="80" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="EndEvent_1_di" bpmnElement="EndEvent_1">
        <dc:Bounds x="432" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="Flow_1_di" bpmnElement="Flow_1">
        <di:waypoint x="216" y="178" />
        <di:waypoint x="270" y="178" />
      </bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="Flow_2_di" bpmnElement="Flow_2">
        <di:waypoint x="370" y="178" />
        <di:waypoint x="432" y="178" />
      </bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
}

/** The name an exported diagram is downloaded as. */
export const exportFileName = (modelKey: string) => `${modelKey.trim().replace(/[\\/:*?"<>|\s]+/g, '_') || 'process'}.bpmn`;
