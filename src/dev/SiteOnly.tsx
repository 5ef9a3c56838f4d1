import type { ReactNode } from 'react';
import { PageState } from '../../renderer/pages/PageState.tsx';
import { useServices } from '../../renderer/runtime/services.ts';

/**
 * The dev pages (§2.1 /test/*) are for the people who run the platform: anyone else gets the
 * no-permission state. This is what the page shows; the server refuses the calls these pages make
 * that are not everyone's (the schema check is a site call).
 */
export function SiteOnly({ route, children }: { route: string; children: ReactNode }) {
  const s = useServices();
  if (s.user.roleLevel !== 'site')
    return (
      <div data-screen={route}>
        <PageState state="problem" problem={{ kind: 'forbidden', message: 'site administrators only' }} />
      </div>
    );
  return <>{children}</>;
}
