import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FormSections } from '../../renderer/form/FormSections.tsx';
import { FormStore } from '../../renderer/form/FormStore.ts';
import type { FieldProps } from '../../renderer/contracts/fields.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';
import { resolveField } from '../../renderer/schema/resolve-field.ts';
import { WithServices, testRegistries, testServices } from './test-services.tsx';

const { fieldWidgets } = testRegistries;

afterEach(cleanup);

const renders = new Map<string, number>();
function Probe({ field, value }: FieldProps) {
  renders.set(field.name, (renders.get(field.name) ?? 0) + 1);
  return <span>{String(value ?? '')}</span>;
}
fieldWidgets.register('probe', async () => ({ default: Probe }));

const entity: EntityDecl = {
  version: 1,
  name: 'wide',
  table: 'wide',
  primaryKey: 'id',
  tenantScoped: false,
  paths: { site: '/x/v1/wide' },
  fields: [
    ...Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, type: 'string' as const, maxLength: 5 })),
    { name: 'code', type: 'string', required: true, maxLength: 10, pattern: '^[A-Z]+$' },
    { name: 'amount', type: 'money', min: 0 },
  ],
};

function setup() {
  const fields = entity.fields.map((f, i) => resolveField(entity, f.name.startsWith('f') ? { field: f.name, widget: 'probe' } : f.name, `/f/${i}`));
  fields[1]!.visible = "record.code == 'SHOW'";
  const store = new FormStore(entity, fields, {}, () => ({}), (f) => f.name);
  return { store, fields };
}

describe('form state per field', () => {
  it('a change re-renders only the field that changed (and fields whose expressions read it)', async () => {
    await fieldWidgets.resolve('probe');
    await fieldWidgets.resolve('input');
    await fieldWidgets.resolve('money');
    const { store, fields } = setup();
    render(
      <WithServices services={testServices([entity])}>
        <FormSections store={store} sections={[{ section: { fields: [] }, fields }]} />
      </WithServices>,
    );
    const before = new Map(renders);
    act(() => store.setValue('f5', 'x'));
    const changed = [...renders].filter(([k, n]) => n !== before.get(k)).map(([k]) => k);
    expect(changed).toEqual(['f5']);
    expect(renders.has('f1')).toBe(false); // hidden until code == SHOW
    act(() => store.setValue('code', 'SHOW'));
    expect(renders.get('f1')).toBe(1);
  });

  it('validates required, length, pattern and range, returning the first invalid field; hidden fields are skipped', () => {
    const { store } = setup();
    store.setValue('f0', 'toolong');
    store.setValue('amount', -1);
    expect(store.validate()).toBe('f0');
    expect(store.errors).toMatchObject({ f0: 'maxLength:f0:5', code: 'required:code', amount: 'min:amount:0' });
    store.setValue('code', 'abc');
    store.validate();
    expect(store.errors.code).toBe('pattern:code');
    store.setValue('f1', 'waytoolong');
    store.validate();
    expect(store.errors.f1).toBeUndefined();
  });
});

describe('fields its status does not let change', () => {
  const doc: EntityDecl = {
    version: 1,
    name: 'doc',
    table: 'doc',
    primaryKey: 'id',
    tenantScoped: false,
    paths: { site: '/x/v1/docs' },
    fields: [
      { name: 'id', type: 'integer' },
      { name: 'statusCode', type: 'string' },
      { name: 'amount', type: 'money' },
      { name: 'remark', type: 'string' },
    ],
    status: { field: 'statusCode', initial: 'NEW', transitions: {}, editable: { NEW: '*', APPROVED: ['remark'] } },
  };
  const form = (values: Record<string, unknown>) => {
    const fields = ['amount', 'remark'].map((n, i) => resolveField(doc, n, `/f/${i}`));
    return { store: new FormStore(doc, fields, values, () => ({}), (f) => f.name), fields };
  };

  it('are disabled once the record is in that status, and follow the status as it changes', () => {
    const { store, fields } = form({ id: 1, statusCode: 'APPROVED' });
    expect(fields.map((f) => store.isDisabled(f))).toEqual([true, false]);
    act(() => store.setValue('statusCode', 'NEW'));
    expect(fields.map((f) => store.isDisabled(f))).toEqual([false, false]);
  });

  it('do not apply to a new record, which starts in the initial status', () => {
    const { store, fields } = form({ statusCode: 'APPROVED' });
    expect(fields.map((f) => store.isDisabled(f))).toEqual([false, false]);
  });
});
