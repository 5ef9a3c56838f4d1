import type { RouteGroup } from '../../../http/route-group.ts';
import './bid-plans.ts';

/** Bid plans and projects use the generic entity paths; this area adds their rules (hooks). */
export const routes: RouteGroup[] = [];
