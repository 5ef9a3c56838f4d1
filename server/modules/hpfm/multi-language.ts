import type { FastifyInstance } from 'fastify';
import type { EntityDecl } from '../../../renderer/schema/entity.ts';
import type { ServerContext } from '../../context.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { EntityRepository } from '../../resources/crud-routes.ts';
import { checkEntityAccess } from '../../resources/permissions.ts';
import type { Scope } from '../../resources/scope.ts';
import { lovValues } from '../../resources/lov-values.ts';
import { defineRoute } from '../../http/module-route.ts';

/** The languages a translatable field has, with their names as the language list shows them. */
const LANGUAGES = ['zh_CN', 'en_US'] as const;

/**
 * `GET /hpfm/v1/[{tenantId}/]multi-language?fieldName=&_token=` → `[{code, name, value}]`, what the
 * original's translation editor shows next to a field. This server keeps translations in two
 * places only, and reads them from there:
 * - a field `<name>` with an English companion `<name>En` (menus' `name`, value-set values' `meaning`);
 * - prompts (`fieldName=description`): one row per language for the same key and code.
 * `_token` names the record as `<entity>:<id>` (the original's is an opaque token the server signed;
 * here the record is read through the caller's scope, so nothing is trusted from it). Without
 * `_token` (a record not saved yet) every value is null.
 */
export async function multiLanguageRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const schema = {
    params: { type: 'object', properties: { tenantId: { type: 'integer' } } },
    querystring: {
      type: 'object',
      required: ['fieldName'],
      properties: {
        fieldName: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{0,59}$' },
        _token: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9]{0,59}:\\d{1,15}$' },
      },
    },
  };

  /** The record through the caller's scope; a tenant user may also read platform rows (tenant 0), never another tenant's. */
  const record = async (scope: Scope, e: EntityDecl, id: number) => {
    await checkEntityAccess(ctx.db, e, scope.auth, 'read');
    const repo = new EntityRepository(e, ctx);
    try {
      return await repo.get(scope, id);
    } catch (err) {
      if (!(err instanceof HttpError) || err.status !== 404 || scope.tenantId === null || !e.tenantScoped) throw err;
      return repo.get({ ...scope, tenantId: 0 }, id);
    }
  };

  for (const prefix of ['/hpfm/v1', '/hpfm/v1/:tenantId']) {
    defineRoute(app, ctx, { method: 'GET', url: `${prefix}/multi-language`, level: 'platform', schema }, async (req, scope) => {
      const q = req.query as { fieldName: string; _token?: string };
      const names = new Map((await lovValues(ctx.db, 'HPFM.LANGUAGE', scope.tenantId ?? scope.auth.tenantId, 'zh_CN')).map((v) => [v.value, v.meaning]));
      const answer = (values: Partial<Record<string, unknown>>) => LANGUAGES.map((code) => ({ code, name: names.get(code) ?? code, value: values[code] ?? null }));
      if (!q._token) return answer({});

      const [entityName, rawId] = q._token.split(':') as [string, string];
      const e = ctx.entities.get(entityName);
      if (!e) throw badRequest(`Unknown entity ${entityName}`);
      if (e.name === 'prompt' && q.fieldName === 'description') {
        const row = await record(scope, e, Number(rawId));
        const r = await ctx.db.query<{ lang: string; description: string }>(
          'select lang, description from hpfm_prompt where tenant_id = $1 and prompt_key = $2 and prompt_code = $3',
          [row.tenantId, row.promptKey, row.promptCode],
        );
        return answer(Object.fromEntries(r.rows.map((x) => [x.lang, x.description])));
      }
      const field = e.fields.find((f) => f.name === q.fieldName && !f.private);
      const english = e.fields.find((f) => f.name === `${q.fieldName}En` && !f.private);
      if (!field || !english) throw badRequest(`${e.name}.${q.fieldName} is not a multi-language field`);
      const row = await record(scope, e, Number(rawId));
      return answer({ zh_CN: row[field.name], en_US: row[english.name] });
    });
  }
}
