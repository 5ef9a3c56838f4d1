import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkScreen } from '../../renderer/schema/check/check-screen.ts';
import type { CheckContext } from '../../renderer/schema/check/check-context.ts';
import { FieldCheckRunner } from '../../renderer/fields/field-check.ts';
import DateRangeField from '../../renderer/fields/DateRangeField.tsx';
import { FormStore } from '../../renderer/form/FormStore.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveColumn, resolveField } from '../../renderer/schema/resolve-field.ts';
import { WithServices, testRegistries, testServices } from './test-services.tsx';

const { actionTypes, customHandlers, fieldWidgets } = testRegistries;

afterEach(cleanup);

const entity: EntityDecl = {
  version: 1,
  name: 'account',
  table: 'account',
  primaryKey: 'id',
  tenantScoped: true,
  paths: { tenant: '/x/v1/{tenantId}/accounts' },
  fields: [
    { name: 'loginName', type: 'string', required: true, maxLength: 20, pattern: '^[a-z]+$', unique: true },
    { name: 'companyId', type: 'integer', lovView: 'HPFM.COMPANY' },
    { name: 'startDate', type: 'date' },
  ],
};

function checkedForm(request: RendererServices['request']) {
  const s = testServices([entity], request);
  const field = resolveField(entity, { field: 'loginName', check: { url: '/x/v1/[{tenantId}/]accounts/check?loginName={value}&excludeId={id}', message: { zh_CN: '已占用', en_US: 'Taken' } } }, '/f');
  const store = new FormStore(entity, [field], {}, () => ({ user: s.user, route: {} }), () => 'Login');
  return { s, field, store, runner: new FieldCheckRunner(field, store, s) };
}

describe('async field checks', () => {
  it('asks the server with the value, shows the declared message and blocks the save', async () => {
    const request = vi.fn(async () => ({ valid: false, field: 'loginName' }));
    const { store, runner } = checkedForm(request as never);
    store.registerCheck('loginName', () => runner.run());
    store.setValue('loginName', 'buyer');
    expect(await store.validateAll()).toBe('loginName');
    expect(store.errors.loginName).toBe('check:Taken');
    // The unbound {id} of a record not created yet is dropped, not sent as "undefined".
    expect(request).toHaveBeenCalledWith('/x/v1/1/accounts/check', { query: { loginName: 'buyer', excludeId: '' }, silent: true });
    // Saving again with the same value reuses the answer.
    await store.validateAll();
    expect(request).toHaveBeenCalledTimes(1);
    // A changed value clears the message; a free value passes.
    request.mockResolvedValueOnce({ valid: true, field: 'loginName' } as never);
    store.setValue('loginName', 'newbie');
    expect(store.errors.loginName).toBeUndefined();
    expect(await store.validateAll()).toBeUndefined();
  });

  it('drops an answer about a value the field no longer holds, and debounces blurs', async () => {
    vi.useFakeTimers();
    try {
      let answer!: (v: unknown) => void;
      const request = vi.fn(() => new Promise((r) => (answer = r)));
      const { store, runner } = checkedForm(request as never);
      store.setValue('loginName', 'first');
      runner.schedule();
      runner.schedule();
      await vi.advanceTimersByTimeAsync(400);
      expect(request).toHaveBeenCalledTimes(1);
      store.setValue('loginName', 'second');
      answer({ valid: false });
      await vi.runAllTimersAsync();
      expect(store.errors.loginName).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips values the form’s own rules refuse, and does not block on a server fault', async () => {
    const request = vi.fn(async () => {
      throw Object.assign(new Error('boom'), { status: 500 });
    });
    const { store, runner } = checkedForm(request as never);
    store.registerCheck('loginName', () => runner.run());
    store.setValue('loginName', 'BAD');
    expect(await store.validateAll()).toBe('loginName');
    expect(store.errors.loginName).toMatch(/^pattern:/);
    expect(request).not.toHaveBeenCalled();
    store.setValue('loginName', 'fine');
    expect(await store.validateAll()).toBeUndefined();
  });
});

describe('date range field', () => {
  it('writes <field>From and <field>To, never the field, and shows both ends', async () => {
    await fieldWidgets.resolve('dateRange');
    const field = resolveField(entity, { field: 'creationDate', widget: 'dateRange' }, '/s');
    expect(field.type).toBe('datetime');
    const setValue = vi.fn();
    const onChange = vi.fn();
    const { container } = render(
      <WithServices services={testServices([entity])}>
        <DateRangeField field={field} id="search-creationDate" mode="search" value={undefined} record={{ creationDateFrom: '2026-01-02', creationDateTo: '2026-01-31' }} onChange={onChange} setValue={setValue} />
      </WithServices>,
    );
    const from = container.querySelector<HTMLInputElement>('#search-creationDateFrom')!;
    const to = container.querySelector<HTMLInputElement>('#search-creationDateTo')!;
    expect([from.value, to.value]).toEqual(['2026-01-02', '2026-01-31']);
    // Clearing sends both bounds away.
    const clear = container.querySelector('.ant-picker-clear');
    if (clear) {
      fireEvent.mouseDown(clear);
      fireEvent.mouseUp(clear);
      fireEvent.click(clear);
      await waitFor(() => expect(setValue).toHaveBeenCalledWith('creationDateFrom', undefined));
      expect(setValue).toHaveBeenCalledWith('creationDateTo', undefined);
    }
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('columns of LOV view fields', () => {
  it('use the lov cell, which shows the <field>Meaning the server adds', () => {
    expect(resolveColumn(entity, 'companyId', '/c').cell).toBe('lov');
  });
});

describe('custom action handlers', () => {
  const ctx: CheckContext = {
    entities: new Map([[entity.name, entity]]),
    lovCodes: new Set(),
    lovViews: new Set(),
    i18nKeys: new Set(['t']),
    i18nPartial: new Map(),
    permissionCodes: new Set(),
    endpoints: [{ method: 'GET', segments: ['x', 'v1', ':tenantId', 'accounts', 'check'] }],
    screenRoutes: new Set(),
    screenFiles: new Set(),
    actionTypes: new Set(actionTypes.types()),
    widgets: new Set(fieldWidgets.types()),
    cells: new Set(),
    customComponents: new Set(),
    customHandlers: new Set(['known']),
  };
  const list = (toolbar: unknown[], search: unknown[] = []) => ({ version: 1, kind: 'list', title: 't', entity: 'account', search: { fields: search }, toolbar, table: { columns: ['loginName'] } });

  it('runs the handler registered under the name with the action context', async () => {
    const handler = vi.fn(async () => undefined);
    customHandlers.register('testHandler', async () => ({ default: handler }));
    const run = await actionTypes.resolve('custom');
    const s = testServices([entity]);
    await act(() => run({ action: { type: 'custom', handler: 'testHandler' }, services: s, params: {}, refresh: async () => undefined, record: { id: 1 } }));
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ record: { id: 1 } }));
    await expect(run({ action: { type: 'custom', handler: 'nobody' }, services: s, params: {}, refresh: async () => undefined })).rejects.toThrow(/unknown custom handler/);
  });

  it('schemas:check names unknown handlers, unbound check parameters and missing check endpoints', () => {
    const problems = checkScreen(
      list(
        [{ type: 'custom', handler: 'knwon' }, { type: 'custom', handler: 'known' }, { type: 'download' }],
        [
          { field: 'loginName', check: { url: '/x/v1/{tenantId}/accounts/check?loginName={value}&x={nope}' } },
          { field: 'loginName', check: { url: '/x/v1/{tenantId}/accounts/verify?v={value}' } },
          { field: 'creationDate', widget: 'dateRange' },
        ],
      ),
      'f.json',
      ctx,
    );
    expect(problems.map((p) => `${p.path}: ${p.message}`)).toEqual([
      expect.stringMatching(/^\/search\/fields\/0\/check\/url: \{nope\} is bound neither/),
      expect.stringMatching(/^\/search\/fields\/1\/check\/url: the server has no GET/),
      expect.stringMatching(/^\/toolbar\/0\/handler: no custom handler "knwon" is registered; did you mean "known"/),
      expect.stringMatching(/^\/toolbar\/2: download needs "url" or "field"/),
    ]);
  });
});
