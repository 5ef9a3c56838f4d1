import { join } from 'node:path';
import type { CheckContext } from '../../../renderer/schema/check/check-context.ts';
import { checkScreen } from '../../../renderer/schema/check/check-screen.ts';
import { validateScreenMeta } from '../../../renderer/schema/check/meta-validate.ts';
import type { Problem } from '../../../renderer/schema/check/problems.ts';
import { parseScreenText } from '../../../renderer/schema/parse-screen.ts';
import { readCheckInputs } from '../../../renderer/schema-files/check-inputs.ts';
import { projectRoot } from '../../paths.ts';

/**
 * The checks of `npm run schemas:check`, applied to a stored page: meta-schema first, then the
 * cross-reference checks (entities, endpoints, LOVs, i18n keys, permissions). Problems name the
 * page code as their file. The context is read from schemas/ once per server, on first use.
 */
export class PageChecker {
  private context?: Omit<CheckContext, 'endpoints'>;

  /** `endpoints` is filled while the server registers its routes, before any check runs. */
  constructor(
    private readonly endpoints: CheckContext['endpoints'],
    private readonly schemasDir = join(projectRoot, 'schemas'),
  ) {}

  private base(): Omit<CheckContext, 'endpoints'> {
    this.context ??= readCheckInputs(this.schemasDir).context;
    return this.context;
  }

  /** Value-set and LOV view codes that exist (an overlay's `lov` must name one). */
  lovCodes(): ReadonlySet<string> {
    return this.base().lovCodes;
  }

  /** Screen routes of the schema files (what navigate targets and links may name). */
  fileRoutes(): Set<string> {
    return this.base().screenRoutes;
  }

  /** A parsed screen; `extraRoutes` are stored pages' routes that links may also target. */
  checkDoc(doc: unknown, pageCode: string, extraRoutes: Iterable<string> = []): Problem[] {
    const meta = validateScreenMeta(doc, pageCode);
    if (meta.length) return meta;
    const base = this.base();
    const ctx: CheckContext = { ...base, endpoints: this.endpoints, screenRoutes: new Set([...base.screenRoutes, ...extraRoutes]) };
    return checkScreen(doc as Record<string, unknown>, pageCode, ctx);
  }

  /** Text as the editor holds it: invalid JSON is reported with line and column. */
  checkText(text: string, pageCode: string, extraRoutes: Iterable<string> = []): Problem[] {
    const parsed = parseScreenText(text);
    if (!parsed.screen) return parsed.problems.map((p) => ({ file: pageCode, ...p }));
    return this.checkDoc(parsed.screen, pageCode, extraRoutes);
  }
}
