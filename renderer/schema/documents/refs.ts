import type { Label } from '../label.ts';

/** A document as a link shows it: its kind, number and status, and the page that opens it for this viewer. */
export interface DocumentRef {
  entity: string;
  /** The entity's label, translated by the page. */
  label?: Label;
  id: number;
  number: string;
  status?: string;
  statusMeaning?: string;
  /** Absent when the viewer's role holds none of the document's pages: the link is then plain text. */
  page?: string;
}

/** Where a document came from and what it became (`GET /hpfm/v1/{tenantId}/related-documents/{entity}/{id}`). */
export interface RelatedDocuments {
  from: DocumentRef[];
  to: DocumentRef[];
}
