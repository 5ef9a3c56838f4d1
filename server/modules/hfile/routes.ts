import type { RouteGroup } from '../../http/route-group.ts';
import { fileRecordRoutes } from './file-records.ts';
import { fileRoutes } from './files.ts';

/** Files: upload, list, download, delete; a file record by id under the same rule as the lists. */
export const routes: RouteGroup[] = [fileRoutes, fileRecordRoutes];
