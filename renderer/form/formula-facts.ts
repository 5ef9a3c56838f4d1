import { fillUrl } from '../data/url-template.ts';
import type { RendererServices } from '../contracts/services.ts';
import { platformCalls } from '../schema/wire/platform-calls.ts';
import type { FormulaFacts } from './formula-preview.ts';

const loaded = new WeakMap<RendererServices, Promise<FormulaFacts | null>>();

/** Currency decimals and tax rates for formula previews: fetched once per signed-in renderer; null when unavailable (no preview then). */
export function formulaFacts(s: RendererServices): Promise<FormulaFacts | null> {
  let p = loaded.get(s);
  if (!p) {
    p = s.request<FormulaFacts>(fillUrl(platformCalls.formulaFacts.url, { tenantId: s.user.tenantId }), { silent: true }).catch(() => null);
    loaded.set(s, p);
  }
  return p;
}
