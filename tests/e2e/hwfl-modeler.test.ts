import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2E, startE2E } from './browser.ts';
import { searchList } from './flow-kit.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
});
afterAll(() => e?.close());

const versions = async (key: string) => (await e.ctx.db.query<{ v: number }>('select version_number as v from hwfl_process_definition where tenant_id = 1 and process_key = $1 order by 1', [key])).rows.map((r) => r.v);

/** A file a modeler exported, with a user task nobody is assigned to. */
const withoutApprover = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" id="imported" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="SODR_PO_APPROVAL" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="orphan" />
    <bpmn:userTask id="orphan" name="Orphan step" />
    <bpmn:sequenceFlow id="f2" sourceRef="orphan" targetRef="x" />
    <bpmn:endEvent id="x" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="dg"><bpmndi:BPMNPlane id="pl" bpmnElement="SODR_PO_APPROVAL">
    <bpmndi:BPMNShape id="s_di" bpmnElement="s"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="orphan_di" bpmnElement="orphan"><dc:Bounds x="200" y="78" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="x_di" bpmnElement="x"><dc:Bounds x="360" y="100" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="136" y="118" /><di:waypoint x="200" y="118" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="300" y="118" /><di:waypoint x="360" y="118" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

describe('process definitions in the browser modeler', () => {
  it('opens the order approval from the list, deploys it as version 2, shows both versions; an imported diagram with an unassigned task is refused, naming it', async () => {
    const page = await e.adminIn(1, '/hwfl/setting/process-define/list');
    const list = page.locator('[data-screen="/hwfl/setting/process-define/list"]');
    // More processes than a page holds are deployed: the order approval is searched for.
    await searchList(list, 'modelKey', 'SODR_PO_APPROVAL');
    await list.locator('[role="gridcell"] a', { hasText: 'SODR_PO_APPROVAL' }).first().click();
    const modeler = page.getByTestId('hwfl-modeler');
    await modeler.waitFor();
    await modeler.locator('.djs-element[data-element-id="director"]').waitFor({ timeout: 30000 });
    expect(await versions('SODR_PO_APPROVAL')).toEqual([1]);

    await modeler.getByTestId('hwfl-modeler-deploy').click();
    await expect.poll(() => versions('SODR_PO_APPROVAL')).toEqual([1, 2]);
    await expect.poll(() => modeler.getByTestId('hwfl-modeler-deployed').textContent()).toContain('2');
    await modeler.getByTestId('hwfl-modeler-tab-versions').click();
    await expect.poll(() => modeler.getByTestId('hwfl-modeler-versions').locator('tbody tr[data-row-key]').count()).toBe(2);

    await modeler.getByTestId('hwfl-modeler-tab-diagram').click();
    await modeler.getByTestId('hwfl-modeler-file').setInputFiles({ name: 'exported.bpmn', mimeType: 'application/xml', buffer: Buffer.from(withoutApprover) });
    await modeler.locator('.djs-element[data-element-id="orphan"]').waitFor({ timeout: 30000 });
    await modeler.getByTestId('hwfl-modeler-deploy').click();
    await modeler.getByTestId('hwfl-modeler-refused').waitFor();
    await expect.poll(() => modeler.locator('[data-testid="bpmn-problem"][data-element="orphan"]').count()).toBe(1);
    expect(await versions('SODR_PO_APPROVAL')).toEqual([1, 2]);
    await page.context().close();
  });
});
