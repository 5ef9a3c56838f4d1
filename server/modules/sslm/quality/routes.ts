import type { RouteGroup } from '../../../http/route-group.ts';
import './access.ts';
import './rules.ts';
import './problem-reports.ts';

/** Quality audits, 8D problem reports, audit templates, vendor codes, supply abilities and grades: generic paths with their rules (hooks). */
export const routes: RouteGroup[] = [];
