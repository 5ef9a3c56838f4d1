import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateCell, DateTimeCell, NumberCell } from '../../../renderer/cells/basic-cells.tsx';
import { ParentRecordContext } from '../../../renderer/format/money.ts';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { resolveColumn } from '../../../renderer/schema/resolve-field.ts';
import { SummaryValue } from '../../../renderer/table/SummaryRow.tsx';
import { testServices, WithServices } from '../test-services.tsx';

afterEach(cleanup);

const header: EntityDecl = {
  version: 1,
  name: 'order',
  table: 'o',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/o' },
  fields: [
    { name: 'currencyCode', type: 'string' },
    { name: 'amount', type: 'money', currency: 'currencyCode' },
    { name: 'fee', type: 'money' },
    { name: 'rate', type: 'number', precision: 4 },
    { name: 'needByDate', type: 'date' },
    { name: 'creationDate', type: 'datetime' },
  ],
};
const line: EntityDecl = { ...header, name: 'orderLine', parent: { entity: 'order', field: 'orderId' }, fields: [{ name: 'orderId', type: 'integer' }, { name: 'lineAmount', type: 'money', currency: 'parent.currencyCode' }] };

/** A host whose server knows yen (0 decimals), dollars (2) and the Bahraini dinar (3). */
function host(user: Partial<RendererServices['user']> = {}, language = 'en_US'): RendererServices {
  const request = vi.fn(async (url: string) => (url.includes('formula-facts') ? { precision: { JPY: 0, USD: 2, CNY: 2, BHD: 3 }, taxRate: {} } : {})) as RendererServices['request'];
  const s = testServices([header, line], request);
  return { ...s, language, user: { ...s.user, ...user, language } };
}

function cell(node: ReactNode, services = host()) {
  render(<WithServices services={services}>{node}</WithServices>);
}

const col = (e: EntityDecl, f: string) => resolveColumn(e, f, '/c');

describe('amounts in their currency’s decimals', () => {
  it('shows a yen amount without decimals and a dollar amount with two, both with separators', async () => {
    cell(
      <>
        <span data-testid="jpy"><NumberCell column={col(header, 'amount')} row={{ currencyCode: 'JPY', amount: 1234567.4 }} value={1234567.4} /></span>
        <span data-testid="usd"><NumberCell column={col(header, 'amount')} row={{ currencyCode: 'USD', amount: 61286.7 }} value={61286.7} /></span>
        <span data-testid="bhd"><NumberCell column={col(header, 'amount')} row={{ currencyCode: 'BHD', amount: 5 }} value={5} /></span>
      </>,
    );
    expect(await screen.findByText('1,234,567')).toBeTruthy();
    expect(screen.getByTestId('usd').textContent).toBe('61,286.70');
    expect(screen.getByTestId('bhd').textContent).toBe('5.000');
  });

  it('formats the decimal text the server sends exactly, never through a float', async () => {
    cell(
      <>
        <span data-testid="big"><NumberCell column={col(header, 'fee')} row={{ fee: '98765432109876543.21' }} value="98765432109876543.21" /></span>
        <span data-testid="half"><NumberCell column={col(header, 'amount')} row={{ currencyCode: 'USD', amount: '1.005' }} value="1.005" /></span>
        <span data-testid="neg"><NumberCell column={col(header, 'fee')} row={{ fee: '-1234.50' }} value="-1234.50" /></span>
        <span data-testid="rate"><NumberCell column={col(header, 'rate')} row={{ rate: '0.1000' }} value="0.1000" /></span>
      </>,
    );
    // As a float the first is 98,765,432,109,876,544.00 and the second rounds down to 1.00.
    expect(screen.getByTestId('big').textContent).toBe('98,765,432,109,876,543.21');
    expect(await screen.findByText('1.01')).toBeTruthy();
    expect(screen.getByTestId('neg').textContent).toBe('-1,234.50');
    expect(screen.getByTestId('rate').textContent).toBe('0.1000');
  });

  it('a line takes its document’s currency', async () => {
    cell(
      <ParentRecordContext.Provider value={{ currencyCode: 'JPY' }}>
        <span data-testid="line"><NumberCell column={col(line, 'lineAmount')} row={{ lineAmount: 54236.02 }} value={54236.02} /></span>
        <span data-testid="total"><SummaryValue column={col(line, 'lineAmount')} fn="sum" value={108472.04} Cell={NumberCell} /></span>
      </ParentRecordContext.Provider>,
    );
    expect(await screen.findByText('54,236')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('108,472');
  });

  it('without a known currency: two decimals for money, the declared precision for other numbers', async () => {
    cell(
      <>
        <span data-testid="unknown"><NumberCell column={col(header, 'amount')} row={{ currencyCode: 'XXX' }} value={61286.7} /></span>
        <span data-testid="none"><NumberCell column={col(header, 'fee')} row={{}} value={1000} /></span>
        <span data-testid="rate"><NumberCell column={col(header, 'rate')} row={{}} value={1.5} /></span>
      </>,
    );
    expect((await screen.findByTestId('unknown')).textContent).toBe('61,286.70');
    expect(screen.getByTestId('none').textContent).toBe('1,000.00');
    expect(screen.getByTestId('rate').textContent).toBe('1.5000');
  });
});

describe('dates in the user’s format and time zone', () => {
  it('shows a date in the user’s date format, and the language’s default without one', () => {
    cell(<span data-testid="d"><DateCell column={col(header, 'needByDate')} row={{}} value="2026-03-31" /></span>, host({ dateFormat: 'DD/MM/YYYY' }));
    expect(screen.getByTestId('d').textContent).toBe('31/03/2026');
    cleanup();
    cell(<span data-testid="d"><DateCell column={col(header, 'needByDate')} row={{}} value="2026-03-31" /></span>, host({}, 'zh_CN'));
    expect(screen.getByTestId('d').textContent).toBe('2026-03-31');
  });

  it('shows a date-time (UTC on the wire) in the user’s zone and format; a date never shifts', () => {
    cell(
      <>
        <span data-testid="dt"><DateTimeCell column={col(header, 'creationDate')} row={{}} value="2026-03-31 20:15:00" /></span>
        <span data-testid="d"><DateCell column={col(header, 'needByDate')} row={{}} value="2026-03-31" /></span>
      </>,
      host({ dateFormat: 'MM/DD/YYYY', timeZone: 'GMT+8' }),
    );
    expect(screen.getByTestId('dt').textContent).toBe('04/01/2026 04:15:00');
    expect(screen.getByTestId('d').textContent).toBe('03/31/2026');
    cleanup();
    cell(<span data-testid="dt"><DateTimeCell column={col(header, 'creationDate')} row={{}} value="2026-03-31 02:00:00" /></span>, host({ dateFormat: 'DD.MM.YYYY', timeZone: 'GMT-5' }));
    expect(screen.getByTestId('dt').textContent).toBe('30.03.2026 21:00:00');
  });
});
