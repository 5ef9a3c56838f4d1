import type { RendererServices } from '../contracts/services.ts';
import { checkExpression } from '../schema/expressions/check-expression.ts';
import { preload } from '../runtime/preload.ts';
import type { EntityDecl } from '../schema/entity.ts';
import { resolveField, type ResolvedField } from '../schema/resolve-field.ts';
import type { ActionBase, Section } from '../schema/screen.ts';
import type { ResolvedSection } from '../contracts/forms.ts';

/** Resolves sections against the entity, checks every expression and loads the widgets used. */
export async function prepareForm(s: RendererServices, entityName: string | undefined, sections: Section[], actions: ActionBase[] = [], actionsPath = '/actions') {
  if (!entityName) throw new Error('this screen needs "entity"');
  const entity: EntityDecl = await s.loadEntity(entityName);
  const resolved: ResolvedSection[] = sections.map((section, si) => ({
    section,
    fields: section.fields.map((f, fi) => resolveField(entity, f, `/sections/${si}/fields/${fi}`)),
  }));
  const all: Array<[ResolvedField, string]> = [];
  resolved.forEach((r, si) => {
    checkExpression(r.section.visible, `/sections/${si}/visible`);
    r.fields.forEach((f, fi) => {
      const p = `/sections/${si}/fields/${fi}`;
      for (const k of ['visible', 'required', 'disabled', 'value'] as const) checkExpression(f[k], `${p}/${k}`);
      all.push([f, p]);
    });
  });
  actions.forEach((a, i) => {
    checkExpression(a.visible, `${actionsPath}/${i}/visible`);
    checkExpression(a.disabled, `${actionsPath}/${i}/disabled`);
  });
  await preload(s.registries, all, [], actions.map((a, i) => [a, `${actionsPath}/${i}`]));
  return { entity, sections: resolved, fields: all.map(([f]) => f) };
}
