import type { RouteGroup } from '../../../http/route-group.ts';
import './template-rules.ts';
import './document-rules.ts';
import './visibility.ts';

/** Performance evaluation: the generic entity paths with their rules (hooks) and the scorers' view of them. */
export const routes: RouteGroup[] = [];
