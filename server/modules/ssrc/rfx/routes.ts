import type { RouteGroup } from '../../../http/route-group.ts';
import { rfxBidLogRoutes } from '../../../bid-log/routes.ts';
import { checkRoutes } from './check.ts';
import { fromRequisitionRoutes } from './from-requisitions.ts';
import { offlineImportRoutes } from './offline-import.ts';
import { openRoutes } from './open.ts';
import { publicRoutes } from './public.ts';
import { quoteRoutes } from './quote.ts';
import { scoringRoutes } from './scoring.ts';
import './rules.ts';
import './pretrial-bargain.ts';
import './supplier-messages.ts';
import { visibilityRoutes } from './visibility.ts';

/** RFx: the generic entity paths with their rules (hooks), the sealed reads, quoting, opening, the price check and its scores, RFx from requisition lines, the public page and offline results. */
export const routes: RouteGroup[] = [visibilityRoutes, quoteRoutes, openRoutes, checkRoutes, scoringRoutes, fromRequisitionRoutes, publicRoutes, offlineImportRoutes, rfxBidLogRoutes];
