import { createRegistries } from '../../../../renderer/registry/registries.ts';
import type { RendererServices } from '../../../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../../../renderer/schema/entity.ts';

type Handler = (url: string, query: Record<string, unknown> | undefined) => Promise<unknown> | undefined;

/**
 * A fixture host for the real renderer (like tests/renderer/test-services.tsx, without vitest):
 * entities from the bench, English texts, every permission granted, and a `request` answered
 * by the page so data arrives exactly when the benchmark says.
 */
export function benchServices(entities: EntityDecl[], answer: Handler): RendererServices {
  return {
    registries: createRegistries(),
    request: async <T,>(url: string, opts?: { query?: Record<string, unknown> }) => {
      const hit = answer(url, opts?.query);
      if (!hit) throw new Error(`bench: no answer for ${url}`);
      return (await hit) as T;
    },
    label: (l, fallback) => (l === undefined ? (fallback ?? '') : typeof l === 'string' ? l : l.en_US),
    t: (key, fallback, vars) => (fallback ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars?.[k] ?? '')),
    can: () => true,
    navigate: () => undefined,
    user: { id: 1, loginName: 'bench', tenantId: 1, organizationId: 1, roleId: 1, roleCode: 'PURCHASER', roleLevel: 'organization', language: 'en_US' },
    siteMode: false,
    language: 'en_US',
    loadEntity: async (name) => {
      const e = entities.find((x) => x.name === name);
      if (!e) throw new Error(`unknown entity "${name}"`);
      return e;
    },
    notify: { success: () => undefined, error: () => undefined },
    accessToken: () => 'bench',
  };
}
