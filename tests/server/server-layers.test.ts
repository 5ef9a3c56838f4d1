import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.ts';

const modulesDir = join(projectRoot, 'server', 'modules');

/** Every module file's static and dynamic import specifiers that point into another module. */
function moduleImports(): Record<string, string[]> {
  const out: Record<string, Set<string>> = {};
  for (const file of readdirSync(modulesDir, { recursive: true, encoding: 'utf8' }).filter((f) => /\.(ts|mjs)$/.test(f))) {
    const [mod, ...rest] = file.split(sep);
    if (!rest.length) continue; // modules/discover.ts is the composition root's, not a module's
    for (const { fileName } of ts.preProcessFile(readFileSync(join(modulesDir, file), 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = relative(modulesDir, resolve(dirname(join(modulesDir, file)), fileName)).split(sep).join('/');
      if (target.startsWith('..') || !target.includes('/') || target.split('/')[0] === mod) continue;
      (out[mod!] ??= new Set()).add(target);
    }
  }
  return Object.fromEntries(Object.entries(out).map(([m, s]) => [m, [...s].sort()]));
}

describe('server layers', () => {
  // The lint rule lets a module reach only what the allow-list names; this keeps the list from
  // outliving an import it allowed, so a removed dependency cannot quietly come back.
  it('the allow-list of module-to-module imports in eslint.config.js names exactly the imports there are', async () => {
    const config = (await import(join(projectRoot, 'eslint.config.js') as string)) as { MODULE_IMPORTS_TODAY: Record<string, string[]> };
    const listed = Object.fromEntries(Object.entries(config.MODULE_IMPORTS_TODAY).map(([m, files]) => [m, [...files].sort()]));
    expect(moduleImports()).toEqual(listed);
  });
});
