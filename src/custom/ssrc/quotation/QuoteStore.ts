import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { EntityApi } from '../../../../renderer/contracts/entity-api.ts';
import { listAll } from '../../../../renderer/data/list-all.ts';
import type { FormStore } from '../../../../renderer/form/FormStore.ts';
import type { Editable } from '../../../../renderer/schema/status/editable.ts';
import { type LineAmounts, lineAmounts, quoteTotals } from './quote-math.ts';

type Row = Record<string, unknown>;

/** A company the user acts for that the RFx invited. */
export interface Company {
  supplierId: number;
  supplierName: string;
}

/** What was sent, as the server took it: shown until the next edit of the company or the next send. */
export interface Receipt {
  rfxNum: string;
  companyName: string;
  lines: number;
  totals: LineAmounts;
  currency: string;
  decimals: number;
  /** The server's time of the quotation (UTC, the wire's date-time). */
  at: string;
  bargain: boolean;
}

/** The calls the store makes: the entity API of the RFx, its lines, its invitations and the quotation lines, and the quotation call itself. */
export interface QuoteSources {
  header: Pick<EntityApi, 'get'>;
  lines: Pick<EntityApi, 'list'>;
  invitations: Pick<EntityApi, 'list'>;
  quotes: Pick<EntityApi, 'list'>;
  send(body: { supplierId: number; lines: Row[] }): Promise<Row>;
  withdraw(supplierId: number): Promise<unknown>;
}

/** The fields a supplier types per line (rfxQuotationLine's), each in the renderer's widget for its type. */
export const QUOTE_FIELDS = ['unitPrice', 'taxRate', 'deliveryDate', 'validityDate'] as const;
const NOTHING: Editable = { all: false, fields: new Set() };
const PRICE_ONLY: Editable = { all: false, fields: new Set(['unitPrice']) };

/**
 * The supplier's quotation of one RFx for one of its companies: the RFx and its lines, the
 * invited companies the user acts for, and one FormStore per line holding what the company quotes
 * (its current quotation of the round, as the server reads it back to its owner). What a line
 * lets change follows the RFx (open for quoting, or bargaining: the price of a quoted line only),
 * through the form's own lock. Amounts are previewed in decimal arithmetic as the supplier types.
 */
export class QuoteStore {
  rfx: Row | undefined = undefined;
  lines: Row[] = [];
  companies: Company[] = [];
  supplierId: number | undefined = undefined;
  forms: ReadonlyMap<number, FormStore> = new Map();
  /** The lines the company has a quotation on in the current round. */
  quoted: ReadonlySet<number> = new Set();
  receipt: Receipt | undefined = undefined;
  busy = false;
  /** The RFx currency's decimals (the currency master data), set by the page once known. */
  decimals = 2;

  constructor(
    private readonly src: QuoteSources,
    private readonly form: (initial: Row) => FormStore,
    private readonly labelOf: (field: string) => string,
  ) {
    makeObservable<QuoteStore, 'fill'>(this, {
      rfx: observableRef,
      lines: observableRef,
      companies: observableRef,
      supplierId: observable,
      forms: observableRef,
      quoted: observableRef,
      receipt: observableRef,
      busy: observable,
      decimals: observable,
      setDecimals: action,
      fill: action,
      bargaining: computed,
      open: computed,
      company: computed,
      offered: computed,
      totals: computed,
    });
  }

  get bargaining(): boolean {
    return this.rfx?.rfxStatus === 'BARGAINING';
  }

  get open(): boolean {
    return this.rfx?.rfxStatus === 'IN_QUOTATION' || this.bargaining;
  }

  get company(): Company | undefined {
    return this.companies.find((c) => c.supplierId === this.supplierId);
  }

  /** The lines this quotation may send: all while quoting, the quoted ones while bargaining. */
  get offered(): Row[] {
    return this.bargaining ? this.lines.filter((l) => this.quoted.has(Number(l.rfxLineId))) : this.lines;
  }

  /** What a line lets change now: nothing without a company or outside the window; while bargaining, the price of a quoted line. */
  editable(rfxLineId: number): Editable {
    if (!this.open || this.supplierId === undefined) return NOTHING;
    if (this.bargaining) return this.quoted.has(rfxLineId) ? PRICE_ONLY : NOTHING;
    return { all: true };
  }

  amounts(line: Row): LineAmounts | undefined {
    const v = this.forms.get(Number(line.rfxLineId))?.values;
    return v && lineAmounts(line.quantity, v.unitPrice, v.taxRate, this.decimals);
  }

  get totals(): LineAmounts & { lines: number } {
    return quoteTotals(this.offered.map((l) => this.amounts(l)), this.decimals);
  }

  setDecimals(d: number): void {
    this.decimals = d;
  }

  async load(rfxId: string): Promise<void> {
    const [rfx, lines, invitations] = await Promise.all([this.src.header.get(rfxId), listAll(this.src.lines, { rfxHeaderId: rfxId }), listAll(this.src.invitations, { rfxHeaderId: rfxId })]);
    // A supplier-side caller reads its own companies' invitations only (the entity's supplierField).
    const companies = invitations.rows.map((r) => ({ supplierId: Number(r.supplierId), supplierName: String(r.supplierName ?? r.supplierId) }));
    runInAction(() => {
      this.rfx = rfx;
      this.lines = [...lines.rows].sort((a, b) => Number(a.lineNum) - Number(b.lineNum));
      this.companies = companies;
      if (!companies.some((c) => c.supplierId === this.supplierId)) this.supplierId = companies.length === 1 ? companies[0]!.supplierId : undefined;
    });
    await this.loadQuotes();
  }

  async choose(supplierId: number): Promise<void> {
    runInAction(() => {
      this.supplierId = supplierId;
      this.receipt = undefined;
    });
    await this.loadQuotes();
  }

  /** The company's current quotation of the round (empty lines without a company or a quotation). */
  private async loadQuotes(): Promise<void> {
    const id = this.supplierId;
    const rows = id === undefined ? [] : (await listAll(this.src.quotes, { rfxHeaderId: this.rfx?.rfxHeaderId, supplierId: id, currentFlag: 1 })).rows;
    if (id !== this.supplierId) return;
    this.fill(rows.filter((q) => Number(q.roundNumber) === Number(this.rfx?.roundNumber) && Number(q.supplierId) === id));
  }

  private fill(mine: Row[]): void {
    const byLine = new Map(mine.map((q) => [Number(q.rfxLineId), q]));
    const forms = new Map<number, FormStore>();
    for (const l of this.lines) {
      const lineId = Number(l.rfxLineId);
      const q = byLine.get(lineId);
      const f = this.form(Object.fromEntries(QUOTE_FIELDS.map((k) => [k, q?.[k] ?? null])));
      f.lockedBy = () => this.editable(lineId);
      forms.set(lineId, f);
    }
    this.forms = forms;
    this.quoted = new Set(byLine.keys());
  }

  /**
   * The first line that cannot be sent, with the field at fault: the form's own rules (the
   * entity's digits, ranges), and a price on every line quoted before (a line is taken back by
   * withdrawing). Nothing priced is "nothing to send" (line 0).
   */
  check(): { lineNum: number; field: string } | undefined {
    for (const l of this.offered) {
      const f = this.forms.get(Number(l.rfxLineId))!;
      const bad = f.validate();
      if (bad) return { lineNum: Number(l.lineNum), field: bad };
      if (this.quoted.has(Number(l.rfxLineId)) && (f.values.unitPrice === null || f.values.unitPrice === undefined || f.values.unitPrice === '')) {
        f.setError('unitPrice', `required:${this.labelOf('unitPrice')}`);
        return { lineNum: Number(l.lineNum), field: 'unitPrice' };
      }
    }
    return this.totals.lines ? undefined : { lineNum: 0, field: 'unitPrice' };
  }

  /** The body of the quotation call: the priced lines; a bargaining offer is a price only (the terms stay as quoted). */
  private body(): { supplierId: number; lines: Row[] } {
    const lines = this.offered.flatMap((l) => {
      const v = this.forms.get(Number(l.rfxLineId))!.values;
      if (v.unitPrice === null || v.unitPrice === undefined || v.unitPrice === '') return [];
      // The call takes numbers (quote.ts); the form keeps decimal text, exact to the column's digits.
      const line: Row = { rfxLineId: Number(l.rfxLineId), unitPrice: Number(v.unitPrice) };
      if (!this.bargaining) {
        if (v.taxRate !== null && v.taxRate !== undefined && v.taxRate !== '') line.taxRate = Number(v.taxRate);
        if (v.deliveryDate) line.deliveryDate = v.deliveryDate;
        if (v.validityDate) line.validityDate = v.validityDate;
      }
      return [line];
    });
    return { supplierId: this.supplierId!, lines };
  }

  private async busyWith<T>(work: () => Promise<T>): Promise<T> {
    runInAction(() => (this.busy = true));
    try {
      return await work();
    } finally {
      runInAction(() => (this.busy = false));
    }
  }

  /** Sends the quotation; the receipt names what the server took, and the lines show the quotation as stored. */
  send(): Promise<void> {
    return this.busyWith(async () => {
      const totals = this.totals;
      const company = this.company!;
      const answer = await this.src.send(this.body());
      const receipt: Receipt = {
        rfxNum: String(this.rfx?.rfxNum ?? ''),
        companyName: company.supplierName,
        lines: Number(answer.quotedLines ?? answer.bargainedLines ?? totals.lines),
        totals,
        currency: String(this.rfx?.currencyCode ?? ''),
        decimals: this.decimals,
        at: String(answer.quotedDate ?? ''),
        bargain: this.bargaining,
      };
      await this.loadQuotes();
      runInAction(() => (this.receipt = receipt));
    });
  }

  withdraw(): Promise<void> {
    return this.busyWith(async () => {
      await this.src.withdraw(this.supplierId!);
      runInAction(() => (this.receipt = undefined));
      await this.loadQuotes();
    });
  }
}
