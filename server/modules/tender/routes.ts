import type { RouteGroup } from '../../http/route-group.ts';
import { tenderBidLogRoutes } from '../../bid-log/routes.ts';
import { awardContractRoutes } from './award-contracts.ts';
import { biddingRoutes } from './bidding.ts';
import { clarifyRoutes } from './clarify.ts';
import { committeeRoutes } from './committee.ts';
import { decisionRoutes } from './decision.ts';
import { scoringRoutes } from './evaluation.ts';
import { openingRoutes } from './opening.ts';
import './rounds.ts';
import './rules.ts';
import './stnd.ts';
import { visibilityRoutes } from './visibility.ts';

/**
 * Tendering: the generic entity paths with their rules (hooks), the sealed reads, sign-up and bids,
 * clarification questions, opening (one or two stages, per round), the committee draw, expert scoring, the award decision and the contracts of the awarded lots.
 */
export const routes: RouteGroup[] = [visibilityRoutes, biddingRoutes, clarifyRoutes, openingRoutes, committeeRoutes, scoringRoutes, decisionRoutes, awardContractRoutes, tenderBidLogRoutes];
