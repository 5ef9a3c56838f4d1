import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated through the DevTools protocol, not added as a <script>: the app's Content-Security-Policy
// (script-src 'self') refuses an inline script tag, as it should.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 A and AA rules: what issue 18 holds every screen to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One failing rule on a page: its id, impact and the elements (CSS paths) it failed on. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  /** axe's explanation for the first element (which check failed and why). */
  why: string;
}

/**
 * Runs axe-core over what the user sees of `page` (the shell and the active tab; hidden tabs are
 * skipped by axe itself) and returns the critical and serious findings. axe is injected once per
 * page: the signed-in app that visits every route keeps it between routes.
 */
export async function axeFindings(page: Page, include?: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // Colours are checked as they settle, not halfway through a transition: a button fading from
  // its loading look (antd animates colours for 0.2 s) once measured 2.54:1 mid-fade. So the check
  // waits (up to 2 s) until no CSS transition or animation is running. (Switching them off instead
  // leaves antd's menus unopened: its motion waits for their end events.)
  await page.evaluate(async () => {
    const until = performance.now() + 2000;
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    while (performance.now() < until && document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))) await frame();
  });
  const raw = await page.evaluate(
    async ({ tags, include }) => {
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
      const r = await axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.map(String).join(' ')), why: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ') }));
    },
    { tags: TAGS, include },
  );
  return raw.filter((f) => f.impact === 'critical' || f.impact === 'serious');
}

/** One line per rule, as a failing test prints them: `rule (impact) ×n: first elements — why`. */
export function describeFindings(findings: AxeFinding[]): string[] {
  return findings.map((f) => `${f.rule} (${f.impact}) ×${f.targets.length}: ${f.targets.slice(0, 3).join(' | ')} — ${f.why.slice(0, 200)}`);
}
