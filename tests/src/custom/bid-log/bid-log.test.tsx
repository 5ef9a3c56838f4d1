import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RendererServices } from '../../../../renderer/contracts/services.ts';
import BidLog from '../../../../src/custom/bid-log/BidLog.tsx';
import { testServices, WithServices } from '../../../renderer/test-services.tsx';

/** The bid log dialog: the verdict as a banner, each entry's event in words, its hash shortened. */
afterEach(cleanup);

const entry = (seq: number, event: string, over: Record<string, unknown> = {}) => ({
  seq, event, actorUserId: 4, actorName: 'Sam Supplier', supplierId: 7, supplierName: 'Greenleaf', lotName: null,
  occurredAt: '2026-03-01T08:00:00.000Z', detail: { round: 1, revision: seq }, prevHash: '0'.repeat(64), hash: `${seq}abcdef0123456789`.padEnd(64, '0'), ...over,
});

function show(answer: unknown, document: 'rfx' | 'bid' = 'rfx') {
  const request = vi.fn(async () => answer) as unknown as RendererServices['request'];
  render(
    <WithServices services={testServices([], request)}>
      <BidLog params={{ id: '42' }} document={document} />
    </WithServices>,
  );
  return request;
}

describe('BidLog', () => {
  it('reads the document\'s log and says that every link holds', async () => {
    const request = show({ entries: [entry(1, 'submit'), entry(2, 'revise'), entry(3, 'hand-out', { supplierId: null, supplierName: null })], verified: true, brokenAt: null }, 'bid');
    expect(await screen.findByTestId('bid-log-verified')).toBeTruthy();
    expect(request).toHaveBeenCalledWith('/ssrc/v1/1/bid/42/bid-log');
    expect(screen.getByText('Submitted')).toBeTruthy();
    expect(screen.getByText('Handed out for evaluation')).toBeTruthy();
    expect(screen.getByText('1abcdef01234')).toBeTruthy();
    expect(screen.getByText('Round 1 · Revision 2')).toBeTruthy();
  });

  it('names the first broken entry', async () => {
    show({ entries: [entry(1, 'submit'), entry(2, 'withdraw')], verified: false, brokenAt: 2, reason: 'seq 2 does not match its hash' });
    const banner = await screen.findByTestId('bid-log-broken');
    expect(banner.textContent).toContain('Broken at entry 2');
    expect(banner.textContent).toContain('seq 2 does not match its hash');
  });
});
