import { createContext, useContext, useSyncExternalStore } from 'react';
import { formulaFacts } from '../form/formula-facts.ts';
import type { EntityField } from '../schema/entity.ts';
import { useServicesOptional } from '../runtime/services.ts';
import type { RendererServices } from '../contracts/services.ts';

/**
 * The record a line belongs to, for a line's `parent.<field>` (a line's amount takes its
 * currency from the document): provided by the detail page around its line tabs.
 */
export const ParentRecordContext = createContext<Record<string, unknown> | undefined>(undefined);

type Precisions = Record<string, number>;

interface Store {
  value: Precisions | undefined;
  listeners: Set<() => void>;
  subscribe(l: () => void): () => void;
}

const stores = new WeakMap<RendererServices, Store>();
const noop = () => () => {};

// One fetch per signed-in renderer (the formula facts the line previews already load); every
// money cell subscribes to the same answer, so a 10,000-row list makes one call.
function storeOf(s: RendererServices): Store {
  let st = stores.get(s);
  if (!st) {
    const created: Store = {
      value: undefined,
      listeners: new Set(),
      subscribe: (l) => {
        created.listeners.add(l);
        return () => created.listeners.delete(l);
      },
    };
    stores.set(s, (st = created));
    void formulaFacts(s).then((f) => {
      created.value = f?.precision ?? {};
      for (const l of created.listeners) l();
    });
  }
  return st;
}

/** Decimals of each currency code (the currency master data's financial precision); undefined until known. */
export function useCurrencyPrecisions(): Precisions | undefined {
  const s = useServicesOptional();
  const st = s ? storeOf(s) : undefined;
  return useSyncExternalStore(st ? st.subscribe : noop, () => st?.value);
}

/** The currency code a money field names (`currencyCode` or `parent.currencyCode`), read from the row or its parent. */
export function currencyOf(decl: EntityField, row: Record<string, unknown> | undefined, parent: Record<string, unknown> | undefined): string | undefined {
  const ref = decl.currency;
  if (!ref) return undefined;
  const code = ref.startsWith('parent.') ? parent?.[ref.slice('parent.'.length)] : row?.[ref];
  return typeof code === 'string' && code !== '' ? code : undefined;
}

/**
 * Decimals a number is shown with: a money field's currency decides (yen 0, USD 2); else the
 * field's own precision; money without either gets 2, an integer 0, any other number as it is.
 */
export function decimalsFor(decl: EntityField, currency: string | undefined, precisions: Precisions | undefined): number | undefined {
  if (decl.type === 'money' && currency !== undefined && precisions?.[currency] !== undefined) return precisions[currency];
  return decl.precision ?? (decl.type === 'money' ? 2 : decl.type === 'integer' ? 0 : undefined);
}

/** `decimalsFor` of a field on a row (a list row, a form's values, a line under its document). */
export function useDecimals(decl: EntityField, row: Record<string, unknown> | undefined): number | undefined {
  const parent = useContext(ParentRecordContext);
  const precisions = useCurrencyPrecisions();
  return decimalsFor(decl, currencyOf(decl, row, parent), precisions);
}
