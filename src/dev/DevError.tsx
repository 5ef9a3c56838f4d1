import { useServices } from '../../renderer/runtime/services.ts';
import type { Screen } from '../../renderer/schema/screen.ts';
import { SiteOnly } from './SiteOnly.tsx';

/** Fails while rendering, always: how the screen's error boundary looks, to a developer who wants to see it. */
function Thrower(): never {
  const s = useServices();
  throw new Error(s.t('dev.error.thrown', 'Thrown on purpose by /test/error: a screen that fails while rendering shows this panel, and the rest of the app keeps working.'));
}

export default function DevError(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  return (
    <SiteOnly route={screen.route!}>
      <Thrower />
    </SiteOnly>
  );
}
