import type { Queryable } from '../../db/database.ts';

/** Column captions in a language: text keys from the prompt table (the tenant's own first), anything else as written. */
export async function captions(db: Queryable, tenantId: number, lang: string, keys: string[]): Promise<(text: string) => string> {
  const r = await db.query<{ k: string; description: string }>(
    `select prompt_key || '.' || prompt_code as k, description from hpfm_prompt
      where lang = $1 and tenant_id in (0, $2) and prompt_key || '.' || prompt_code = any($3::text[]) order by tenant_id`,
    [lang, tenantId, keys],
  );
  const dict = new Map(r.rows.map((x) => [x.k, x.description]));
  return (text) => dict.get(text) ?? text;
}
