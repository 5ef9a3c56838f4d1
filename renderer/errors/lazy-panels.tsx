import { type ComponentProps, lazy, Suspense } from 'react';

// The host shows these only when something went wrong; antd's Alert then loads with them instead
// of with every first screen.
const SchemaErrorView = lazy(() => import('./SchemaErrorPanel.tsx').then((m) => ({ default: m.SchemaErrorPanel })));
const LoadFailedView = lazy(() => import('./LoadFailedPanel.tsx').then((m) => ({ default: m.LoadFailedPanel })));

export function LazySchemaErrorPanel(p: ComponentProps<typeof SchemaErrorView>) {
  return (
    <Suspense fallback={null}>
      <SchemaErrorView {...p} />
    </Suspense>
  );
}

export function LazyLoadFailedPanel(p: ComponentProps<typeof LoadFailedView>) {
  return (
    <Suspense fallback={null}>
      <LoadFailedView {...p} />
    </Suspense>
  );
}
