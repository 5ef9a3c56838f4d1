import { registerListFilter } from '../../../resources/hooks.ts';
import { holdsAnyRoute } from '../../../resources/permissions.ts';

/** The menus that show a whole evaluation (every supplier's lines): its manager's and the query's. */
const WHOLE = ['/sslm/evaluation/evaluation-doc-manage/list', '/sslm/evaluation/evaluation-query/list'];

/**
 * A scorer (who holds only the filling menus) lists only the score lines they are responsible
 * for, and only the evaluations holding such lines; suppliers are limited by `supplierField`.
 */
registerListFilter(async (e, scope, params, db) => {
  if (e.name !== 'evalLine' && e.name !== 'evalHeader') return [];
  if (scope.auth.supplierIds || scope.auth.roleLevel === 'site') return [];
  if (await holdsAnyRoute(db, scope.auth.roleId, WHOLE)) return [];
  params.push(scope.auth.userId);
  const me = `$${params.length}`;
  return e.name === 'evalLine'
    ? [`t.scorer_user_id = ${me}`]
    : [`exists (select 1 from sslm_eval_line l where l.eval_header_id = t.eval_header_id and l.scorer_user_id = ${me})`];
});
