import type { RouteGroup } from '../../http/route-group.ts';
import { noticeRoutes } from './notices.ts';

/** Portal: notices. */
export const routes: RouteGroup[] = [noticeRoutes];
