import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useStores } from '../StoreContext.ts';

/**
 * Renders children only when any of the codes is approved; codes are checked through the
 * batched permission store (one call for all codes requested within ~500 ms).
 */
export const Permission = observer(function Permission({ code, children, fallback = null }: { code?: string | string[]; children: ReactNode; fallback?: ReactNode }) {
  const allowed = usePermission(code);
  return <>{allowed ? children : fallback}</>;
});

/** true when allowed, false when denied, undefined while the batched lookup is pending. */
export function usePermission(code?: string | string[]): boolean | undefined {
  const { permissions } = useStores();
  return permissions.status(code === undefined ? [] : Array.isArray(code) ? code : [code]);
}
