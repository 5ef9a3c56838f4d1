import type { RouteGroup } from '../../http/route-group.ts';
import { fileRoutes } from './files.ts';

/** Files: upload, list, download, delete. */
export const routes: RouteGroup[] = [fileRoutes];
