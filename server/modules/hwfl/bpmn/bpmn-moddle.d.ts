// bpmn-moddle ships no types; only what validate.ts uses.
declare module 'bpmn-moddle' {
  export default class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: Array<{ message: string; element?: { id?: string } }> }>;
  }
}
