import type { RouteGroup } from '../../http/route-group.ts';
import { changeRequestRoutes } from './change-request-routes.ts';
import './change-requests.ts';
import './supplier-banks.ts';
import './vendor-code-match.ts';

/** The supplier master's rules (hooks), the supplier's change requests and the vendor code pairs. */
export const routes: RouteGroup[] = [changeRequestRoutes];
