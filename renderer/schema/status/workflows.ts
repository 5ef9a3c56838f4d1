import type { EntityDecl, EntityWorkflow } from '../entity.ts';

/** A document's approvals through the workflow: none, one, or several (an RFx's release and its result), each its own process. */
export function workflowsOf(e: EntityDecl): EntityWorkflow[] {
  if (!e.workflow) return [];
  return Array.isArray(e.workflow) ? e.workflow : [e.workflow];
}
