import type { ReactNode } from 'react';
import { afterAll, beforeAll, vi } from 'vitest';
import { createRegistries } from '../../renderer/registry/registries.ts';
import { RendererContext } from '../../renderer/runtime/services.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import type { EntityDecl } from '../../renderer/schema/entity.ts';

/**
 * The registries of this test file's renderer (vitest loads this module once per file, so what a
 * file registers, a probe widget, a handler, stays in that file).
 */
export const testRegistries = createRegistries();

/** A renderer host for component tests: fixture entities and a request function the test controls. */
export function testServices(entities: EntityDecl[], request: RendererServices['request'] = vi.fn(async () => ({ content: [], totalElements: 0 })) as RendererServices['request']): RendererServices {
  return {
    registries: testRegistries,
    request,
    label: (l, fallback) => (l === undefined ? (fallback ?? '') : typeof l === 'string' ? l : l.en_US),
    t: (key, fallback, vars) => (fallback ?? key).replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars?.[k] ?? '')),
    can: () => true,
    navigate: vi.fn(),
    user: { id: 1, loginName: 'admin', tenantId: 1, organizationId: 1, roleId: 1, roleCode: 'superadmin', roleLevel: 'organization', language: 'en_US' },
    siteMode: false,
    language: 'en_US',
    loadEntity: async (name) => {
      const e = entities.find((x) => x.name === name);
      if (!e) throw new Error(`unknown entity "${name}"`);
      return e;
    },
    notify: { success: vi.fn(), error: vi.fn() },
    accessToken: () => 'tok',
  };
}

export function WithServices({ services, children }: { services: RendererServices; children: ReactNode }) {
  return <RendererContext.Provider value={services}>{children}</RendererContext.Provider>;
}

/**
 * happy-dom lays nothing out: gives every element a `width` × `height` box for the tests of the
 * enclosing describe, so the table's virtualiser renders rows.
 */
export function fakeLayout(width: number, height: number): void {
  beforeAll(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, top: 0, left: 0, right: width, bottom: height, width, height, toJSON: () => ({}) } as DOMRect);
  });
  afterAll(() => vi.restoreAllMocks());
}
