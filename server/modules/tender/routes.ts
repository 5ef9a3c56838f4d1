import type { RouteGroup } from '../../http/route-group.ts';
import { biddingRoutes } from './bidding.ts';
import { openingRoutes } from './opening.ts';
import './rules.ts';
import { visibilityRoutes } from './visibility.ts';

/** Tendering: the generic entity paths with their rules (hooks), the sealed reads, sign-up and bids, opening. */
export const routes: RouteGroup[] = [visibilityRoutes, biddingRoutes, openingRoutes];
