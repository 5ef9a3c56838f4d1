import type { RouteGroup } from '../../../http/route-group.ts';
import { checkRoutes } from './check.ts';
import { openRoutes } from './open.ts';
import { quoteRoutes } from './quote.ts';
import './rules.ts';
import { visibilityRoutes } from './visibility.ts';

/** RFx: the generic entity paths with their rules (hooks), the sealed reads, quoting, opening and the price check. */
export const routes: RouteGroup[] = [visibilityRoutes, quoteRoutes, openRoutes, checkRoutes];
