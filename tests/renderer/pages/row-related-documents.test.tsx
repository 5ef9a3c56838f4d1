import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RendererServices } from '../../../renderer/contracts/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import { fakeLayout, testServices, WithServices } from '../test-services.tsx';
import { row, term } from '../data/fixtures.ts';

afterEach(cleanup);
fakeLayout(1200, 600);

/** `term` as a document: its rows lead on to what they came from and became. */
const doc: EntityDecl = { ...term, document: { number: 'termCode', pages: [{ route: '/x/terms/{termId}', menu: '/x/terms' }] } };
const related = {
  from: [{ entity: 'req', label: 'Requisition', id: 9, number: 'PR0009', statusMeaning: 'Approved', page: '/x/req/9' }],
  to: [{ entity: 'contract', label: 'Contract', id: 4, number: 'PC0004' }],
};
const list = JSON.stringify({ version: 1, kind: 'list', title: 'Terms', entity: 'term', table: { columns: ['termCode', 'termName'] } });

function mount(entity: EntityDecl) {
  const request = vi.fn(async (url: string) => (url.includes('/related-documents/') ? related : { content: [row(1, 'A'), row(2, 'B')], totalElements: 2 }));
  const s = testServices([entity], request as unknown as RendererServices['request']);
  render(
    <WithServices services={s}>
      <ScreenHost file="x/terms.json" load={async () => list} params={{}} />
    </WithServices>,
  );
  return { s, request };
}

describe('a document list’s rows lead to their related documents', () => {
  it('reads a row’s documents only when its button opens them, and each link opens its page', { timeout: 20_000 }, async () => {
    const { s, request } = mount(doc);
    const buttons = await screen.findAllByTestId('row-related-documents', {}, { timeout: 10_000 });
    expect(buttons).toHaveLength(2);
    expect(request.mock.calls.filter(([url]) => String(url).includes('related-documents'))).toEqual([]);
    await act(async () => fireEvent.click(buttons[1]!));
    const panel = await screen.findByTestId('row-related-panel');
    expect(request).toHaveBeenCalledWith('/hpfm/v1/1/related-documents/term/2', { silent: true });
    await waitFor(() => expect(panel.querySelector('[data-testid="row-related-from"]')?.textContent).toContain('Requisition PR0009'));
    expect(buttons[1]!.getAttribute('aria-expanded')).toBe('true');
    // Opened, focus is on the first link, so the keyboard goes on from there.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Requisition PR0009'));
    // A document the viewer has no page for is named, not linked.
    expect(panel.querySelector('[data-testid="row-related-to"] a')).toBeNull();
    expect(panel.querySelector('[data-testid="row-related-to"]')?.textContent).toContain('Contract PC0004');
    await act(async () => fireEvent.click(screen.getByText('Requisition PR0009')));
    expect(s.navigate).toHaveBeenCalledWith('/x/req/9');
  });

  it('closes on Escape and gives focus back to the row’s button', async () => {
    mount(doc);
    const [first] = await screen.findAllByTestId('row-related-documents', {}, { timeout: 10_000 });
    await act(async () => fireEvent.click(first!));
    const panel = await screen.findByTestId('row-related-panel');
    await waitFor(() => expect(panel.querySelector('a')).not.toBeNull());
    await act(async () => fireEvent.keyDown(panel, { key: 'Escape' }));
    await waitFor(() => expect(first!.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(first);
  });

  it('is not offered on a list of an entity that is no document', async () => {
    mount(term);
    await waitFor(() => expect(document.querySelector('[data-row-key="1"]')).toBeTruthy(), { timeout: 3000 });
    expect(screen.queryByTestId('row-related-documents')).toBeNull();
  });
});
