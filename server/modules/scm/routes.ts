import type { RouteGroup } from '../../http/route-group.ts';
import { contractFromOrderRoutes } from './contract-from-orders.ts';
import './contracts.ts';

/** Contracts use the generic entity paths; the module adds their rules (hooks) and the contract drafted from an order. */
export const routes: RouteGroup[] = [contractFromOrderRoutes];
