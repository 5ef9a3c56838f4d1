import type { Registries } from '../../renderer/contracts/registries.ts';

/**
 * Screens that cannot be a schema (tender and RFx flows) are components registered here by
 * name and named from their schema (`"kind": "custom", "component": "<name>"`). Their names are
 * also listed in schemas/catalogue/custom.json for the checker, which loads no React code.
 */
export function registerCustom(r: Registries): Registries {
  // Stored pages (/hpfm/ui/page): the designer, and a stored page rendered in the shell. Each
  // is its own chunk; the designer's editor (CodeMirror) is a further chunk it loads itself.
  r.customComponents.register('UiPageEditor', () => import('./ui-page/UiPageEditor.tsx') as never);
  r.customComponents.register('UiPageView', () => import('./ui-page/UiPageView.tsx') as never);
  // Workflow (/hwfl/setting/process-define/deploy/:id): the BPMN modeler of a process model, its
  // own chunk; bpmn-js is a further chunk loaded by hwfl/diagram/BpmnDiagram.tsx.
  r.customComponents.register('WorkflowModeler', () => import('./hwfl/WorkflowModeler.tsx') as never);
  // Workflow tasks and instances: the document read-only, history, diagram and the allowed moves.
  r.customComponents.register('WorkflowTaskDetail', () => import('./hwfl/task/WorkflowTaskDetail.tsx') as never);
  r.customComponents.register('WorkflowInstanceDetail', () => import('./hwfl/task/WorkflowInstanceDetail.tsx') as never);
  r.customComponents.register('WorkflowStart', () => import('./hwfl/task/WorkflowStart.tsx') as never);
  // Sourcing: the expert portal's entry page (/ssrc/sims-login).
  r.customComponents.register('ExpertPortal', () => import('./ssrc/ExpertPortal.tsx') as never);
  // Sourcing (RFx): the price check's lines × suppliers matrix and the supplier's quotation entry.
  r.customComponents.register('RfxCheckPrice', () => import('./ssrc/CheckPrice.tsx') as never);
  r.customComponents.register('RfxQuotationEntry', () => import('./ssrc/QuotationEntry.tsx') as never);
  // The quotation monitor: who has quoted (never a sealed price), live over the websocket; opening.
  r.customComponents.register('RfxOfflineImport', () => import('./ssrc/OfflineImport.tsx') as never);
  r.customComponents.register('HimpImport', () => import('./himp/HimpImport.tsx') as never);
  r.customComponents.register('RfxPublicDetail', () => import('./ssrc/PublicRfxDetail.tsx') as never);
  r.customComponents.register('RfxQuotationMonitor', () => import('./ssrc/QuotationMonitor.tsx') as never);
  // The tamper-evident bid log of an RFx or a tender, in a dialog of its detail screen.
  r.customComponents.register('BidLog', () => import('./bid-log/BidLog.tsx') as never);
  // Supplier life cycle: a record page whose id comes from the query string (supplier-detail, the -view pages).
  r.customComponents.register('SslmRecordFromQuery', () => import('./sslm/RecordFromQuery.tsx') as never);
  // The dev pages of §2.1 (/test/*), for site administrators: each its own chunk, never in the first screen.
  r.customComponents.register('DevDemo', () => import('../dev/DevDemo.tsx') as never);
  r.customComponents.register('DevPlayground', () => import('../dev/DevPlayground.tsx') as never);
  r.customComponents.register('DevBank', () => import('../dev/DevBank.tsx') as never);
  r.customComponents.register('DevError', () => import('../dev/DevError.tsx') as never);
  // Service governance and the interface platform: the topology graph, the YAML configuration
  // editor and the batch statistics; ECharts and CodeMirror are further chunks they load themselves.
  r.customComponents.register('HsgpTopology', () => import('./hsgp/Topology.tsx') as never);
  r.customComponents.register('HsgpServiceConfig', () => import('./hsgp/ServiceConfig.tsx') as never);
  r.customComponents.register('SitfBatchStatistics', () => import('./sitf/BatchStatistics.tsx') as never);
  // Reports (hrpt): one viewer for every report route (ECharts loaded by it, on those screens only).
  r.customComponents.register('HrptReportViewer', () => import('./hrpt/ReportViewer.tsx') as never);
  // A report's chart on a workplace card, loaded with the card (after the first screen is shown).
  r.customComponents.register('HrptReportChart', () => import('./hrpt/ReportChart.tsx') as never);
  // Action handlers named by `{"type": "custom", "handler": "<name>"}`.
  r.customHandlers.register('copyField', () => import('./handlers/copy-field.ts'));
  r.customHandlers.register('hrptPreview', () => import('./hrpt/preview-handler.tsx'));
  return r;
}
