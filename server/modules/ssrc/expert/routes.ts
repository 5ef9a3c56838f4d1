import type { RouteGroup } from '../../../http/route-group.ts';
import './expert-requisitions.ts';
import { expertPersonalRoutes } from './personal.ts';
import { scoreTemplateRoutes } from './score-templates.ts';

/** Experts (requisitions with approval, the master, the expert's own profile) and score templates. */
export const routes: RouteGroup[] = [expertPersonalRoutes, scoreTemplateRoutes];
