import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import workplace from '../../schemas/fragments/workplace.json';
import { RendererContext } from '../../renderer/runtime/services.ts';
import type { RendererServices } from '../../renderer/contracts/services.ts';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import type { DashboardScreen } from '../../renderer/schema/screen.ts';
import { firstScreenShown } from '../routes/prefetch.ts';

/** `/workplace`: the home tab's dashboard; each card is schema data, shown to the roles it names. */
export const Workplace = observer(function Workplace({ services }: { services: RendererServices }) {
  const screen = useMemo(() => {
    const all = workplace as unknown as DashboardScreen;
    return { ...all, cards: all.cards.filter((c) => !c.roles || c.roles.includes(services.user.roleCode) || services.siteMode) } as DashboardScreen;
  }, [services]);
  return (
    <RendererContext.Provider value={services}>
      <ScreenHost file="fragments/workplace.json" screen={screen} params={{}} onReady={firstScreenShown} />
    </RendererContext.Provider>
  );
});
