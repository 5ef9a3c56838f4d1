import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_POLICY } from '../../renderer/fields/sanitise.ts';
import { launchChromium } from './browser.ts';

/**
 * The rich-text policy applied by DOMPurify in Chromium: a sanitiser is only as good as the DOM
 * it parses with, so it is tested in the browser users have, not in a DOM emulation.
 */
let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage();
  await page.setContent('<!doctype html><body></body>');
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('dompurify/dist/purify.min.js') });
});
afterAll(() => browser?.close());

/** Sanitises each text in the page, then renders it and reports whether anything ran. */
const shown = (html: string[]) =>
  page.evaluate(
    async ({ html, policy }) => {
      const w = window as unknown as { DOMPurify: { sanitize(h: string, p: unknown): string }; __ran?: number };
      w.__ran = 0;
      const out = html.map((h) => w.DOMPurify.sanitize(h.replaceAll('alert(1)', 'window.__ran++'), policy));
      const host = document.createElement('div');
      document.body.append(host);
      for (const o of out) host.innerHTML += o;
      // Handlers of images that fail to load, and of svg onload, fire on the next turns.
      await new Promise((r) => setTimeout(r, 200));
      host.querySelectorAll('a').forEach((a) => a.getAttribute('href')?.trim().toLowerCase().startsWith('javascript:') && w.__ran!++);
      host.remove();
      return { out, ran: w.__ran };
    },
    { html, policy: RICH_TEXT_POLICY },
  );

const ATTACKS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href=javascript:alert(1)>x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<p onclick=alert(1)>x</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
];

describe('rich text shown as HTML (DOMPurify in Chromium)', () => {
  it('runs nothing of markup written to slip past a sanitiser', async () => {
    const r = await shown(ATTACKS);
    expect(r.ran).toBe(0);
    for (const o of r.out) expect(o).not.toMatch(/<script|\son\w+\s*=|javascript:|<iframe|<svg|<img|style=/i);
  });

  it('keeps the text and structure people write', async () => {
    const r = await shown(['<p>Delivery <b>before</b> <a href="https://example.com/terms">the terms</a></p>']);
    expect(r.out[0]).toBe('<p>Delivery <b>before</b> <a href="https://example.com/terms">the terms</a></p>');
  });

  it('runs nothing, whatever markup surrounds a handler or a script (generated, fixed seed)', async () => {
    const piece = fc.constantFrom('<p>', '</p>', '<b>', '<a href="', '">', '<img src=x ', 'onerror=alert(1)', '<script>', '</script>', 'javascript:alert(1)', '"', "'", '<', '>', 'text', '<svg ', 'onload=alert(1) ', '<math><mtext>', '<style>');
    const samples = fc.sample(fc.array(piece, { maxLength: 30 }).map((p) => p.join('')), { seed: 20261125, numRuns: 400 });
    const r = await shown(samples);
    expect(r.ran).toBe(0);
  });
});
