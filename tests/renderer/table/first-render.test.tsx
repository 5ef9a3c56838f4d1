import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resolveColumn } from '../../../renderer/schema/resolve-field.ts';
import { DataTable } from '../../../renderer/table/DataTable.tsx';
import { testServices, WithServices } from '../test-services.tsx';
import { itemEntity, itemRows } from './items.ts';

/**
 * The first render holds a screenful of rows (the box's height is known before it is measured),
 * not a few rows followed by a second render and commit once the box has been measured.
 */
describe('DataTable first render', () => {
  it('renders the rows that fit in its box before anything is measured', () => {
    const html = renderToString(
      <WithServices services={testServices([itemEntity])}>
        <DataTable columns={[resolveColumn(itemEntity, 'itemName', '/0')]} rows={itemRows(1000)} rowKey="itemId" height={400} rowHeight={40} />
      </WithServices>,
    );
    const rows = html.match(/data-row-key="/g)?.length ?? 0;
    // 400 px of rows plus the head row's 40 px: 11 rows in view, and the overscan below them.
    expect(rows).toBeGreaterThanOrEqual(11);
    expect(rows).toBeLessThan(20);
  });
});
