import type { RendererServices } from '../../../renderer/contracts/services.ts';

/** The RFx calls of the price check and the supplier's quotation (server/modules/ssrc/rfx/). */
// Amounts and quantities are decimal text ("12.40"), as every list answers them; add and compare them with decimal.js (check-price-math.ts).
export interface CheckLine { rfxLineId: number; lineNum: number; itemCode: string; itemName: string; quantity: string; uomCode: string | null; lastPrice: string | null }
export interface CheckSupplier { supplierId: number; supplierName: string; quotedFlag: number; pretrialStatus?: string; /** The veto item the buyer failed it on (weighted score). */ vetoReason?: string | null }
export interface CheckCell { quotationLineId: number; rfxLineId: number; supplierId: number; roundNumber: number; unitPrice: string; taxRate: string | null; quotedQuantity: string | null; deliveryDate: string | null; awardQuantity: string | null; awardRatio: string | null; suggested: boolean; score?: number | null }
export interface CheckMatrix { rfxHeaderId: number; rfxNum: string; rfxStatus: string; scoringMethod: string; lines: CheckLine[]; suppliers: CheckSupplier[]; cells: CheckCell[] }
export interface RfxRow { rfxHeaderId: number; rfxNum: string; rfxTitle: string; rfxStatus: string; roundNumber: number; quotationEndDate: string; bargainEndDate?: string | null; currencyCode: string; objectVersionNumber: number; sealedQuotationFlag?: number; passwordFlag?: number }
export interface RfxSupplierRow { rfxLineSupplierId: number; supplierId: number; supplierName: string; quotedFlag: number | null; quotedRound: number | null; quotedDate: string | null }
export interface PublicRfx { rfxHeaderId: number; rfxNum: string; rfxTitle: string; rfxStatus: string; companyName: string; currencyCode: string; roundNumber: number; quotationStartDate: string; quotationEndDate: string; lines: Array<{ lineNum: number; itemCode: string; itemName: string; quantity: string; uomCode: string | null; neededDate: string | null }> }
export interface OfflineRow { supplier?: string; lineNum?: string; unitPrice?: string; taxRate?: string; deliveryDate?: string; remark?: string }
export interface StagedRow { row: number; valid: boolean; errors: Array<{ field: string; message: string }>; supplierName?: string }
export interface ScoreIndicator { indicateId: number; indicateName: string; indicateType: string; weight: number; minScore: number; maxScore: number; defaultScore: number | null; vetoFlag?: number }
export interface ScoreGridData { rfxHeaderId: number; editable: boolean; indicators: ScoreIndicator[]; suppliers: Array<{ supplierId: number; supplierName: string; pretrialStatus: string }>; scores: Array<{ supplierId: number; indicateId: number; score: number }> }

export function rfxApi(s: RendererServices) {
  const base = `/ssrc/v1/${s.user.tenantId}`;
  return {
    rfx: (id: number | string) => s.request<RfxRow>(`${base}/rfx/${id}`),
    lines: (id: number | string) => s.request<{ content: CheckLine[] }>(`${base}/rfx/items`, { query: { rfxHeaderId: id, size: 1000 } }),
    /** The quotation of the company that quotes (a user may act for several: the server refuses one not theirs or not invited). */
    quote: (id: number | string, body: { supplierId: number; lines: Array<Record<string, unknown>> }) => s.request<Record<string, unknown>>(`${base}/rfx/${id}/quotation`, { method: 'POST', body }),
    withdraw: (id: number | string, supplierId: number) => s.request(`${base}/rfx/${id}/quotation`, { method: 'DELETE', query: { supplierId } }),
    suppliers: (id: number | string) => s.request<{ content: RfxSupplierRow[] }>(`${base}/rfx/suppliers`, { query: { rfxHeaderId: id, size: 1000 } }),
    open: (id: number, password?: string) => s.request<RfxRow>(`${base}/rfx/open`, { method: 'POST', body: { rfxHeaderId: id, ...(password === undefined ? {} : { password }) } }),
    publicRfx: (id: number | string) => s.request<PublicRfx>(`/ssrc/v1/pub/rfx/${id}`),
    stageOffline: (id: number | string, rows: OfflineRow[]) => s.request<{ rows: StagedRow[] }>(`${base}/rfx/${id}/offline-quotations/validate`, { method: 'POST', body: { rows } }),
    importOffline: (id: number | string, rows: OfflineRow[]) => s.request<{ rows: StagedRow[]; imported: number }>(`${base}/rfx/${id}/offline-quotations`, { method: 'POST', body: { rows } }),
    check: (id: number | string) => s.request<CheckMatrix>(`${base}/rfx/${id}/check`),
    scores: (id: number) => s.request<ScoreGridData>(`${base}/rfx/${id}/scores`),
    saveScores: (id: number, scores: Array<{ supplierId: number; indicateId: number; score: number }>) => s.request(`${base}/rfx/${id}/scores`, { method: 'POST', body: { scores } }),
    award: (id: number, awards: Array<{ quotationLineId: number; awardQuantity: number | string }>) => s.request(`${base}/rfx/check`, { method: 'POST', body: { rfxHeaderId: id, awards } }),
    act: (id: number, action: string, objectVersionNumber: number) => s.request<RfxRow>(`${base}/rfx/${id}/actions/${action}`, { method: 'POST', body: { objectVersionNumber } }),
  };
}

/** The RFx a page without a route parameter works on: `?rfxId=` of the tab's address. */
export const rfxIdFromQuery = (): string | null => new URLSearchParams(window.location.search).get('rfxId');
