import type { RouteGroup } from '../../../http/route-group.ts';
import './application-rules.ts';
import './investigation-rules.ts';
import './gated-documents.ts';

/** Supplier life cycle and investigations: the generic routes serve the entities; the rules are hooks. */
export const routes: RouteGroup[] = [];
