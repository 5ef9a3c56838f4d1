import type { RouteGroup } from '../../http/route-group.ts';
import './contracts.ts';

/** Contracts use the generic entity paths; the module adds their rules (hooks), no routes of its own. */
export const routes: RouteGroup[] = [];
