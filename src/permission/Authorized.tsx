import { type ReactNode, useEffect, useState } from 'react';
import { ExceptionPage } from '../exception/ExceptionPage.tsx';
import { type Authority, checkAuthority, currentAuthority } from './check-authority.ts';

/** A component guarded by authority: shows the 403 page when not allowed (§8). */
export function Authorized({ authority, children, noMatch }: { authority: Authority; children: ReactNode; noMatch?: ReactNode }) {
  const [allowed, setAllowed] = useState<boolean | undefined>(() => {
    const r = checkAuthority(authority, currentAuthority());
    return typeof r === 'boolean' ? r : undefined;
  });
  useEffect(() => {
    const r = checkAuthority(authority, currentAuthority());
    if (typeof r !== 'boolean') {
      let live = true;
      void r.then((ok) => live && setAllowed(ok));
      return () => {
        live = false;
      };
    }
  }, [authority]);
  if (allowed === undefined) return null;
  return <>{allowed ? children : (noMatch ?? <ExceptionPage type="403" />)}</>;
}
