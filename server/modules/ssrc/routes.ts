import type { RouteGroup } from '../../http/route-group.ts';
import { routes as rfx } from './rfx/routes.ts';

/** Sourcing: each part (RFx, experts, …) keeps its routes in its own folder and lists them here. */
export const routes: RouteGroup[] = [...rfx];
