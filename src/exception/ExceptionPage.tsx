import { lazy, Suspense } from 'react';

// The exception screens carry antd's Result illustrations (large inline SVGs); most sessions never
// see one, so they load on first use instead of with the shell.
const View = lazy(() => import('./ExceptionView.tsx').then((m) => ({ default: m.ExceptionView })));

/** §2.1 exception screens (403, 404, 500, trigger); see ExceptionView. */
export function ExceptionPage({ type }: { type?: string }) {
  return (
    <Suspense fallback={null}>
      <View type={type} />
    </Suspense>
  );
}
