import type { RouteGroup } from '../../http/route-group.ts';
import { orderableLineRoutes } from './orderable-lines.ts';
import { orderFromRequisitionRoutes } from './order-from-requisitions.ts';
import './requisitions.ts';

/** Requisitions: their lines' rules (hooks) and the conversion of approved lines into orders. */
export const routes: RouteGroup[] = [orderableLineRoutes, orderFromRequisitionRoutes];
