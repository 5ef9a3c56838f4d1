import type { RouteGroup } from '../../http/route-group.ts';
import './supplier-messages.ts';

/** Orders: no routes of their own (the generic ones serve them); the supplier's messages on release and cancel requests (hooks). */
export const routes: RouteGroup[] = [];
