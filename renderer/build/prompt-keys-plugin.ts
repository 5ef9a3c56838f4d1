import { join } from 'node:path';
import type { Plugin } from 'vite';
import { promptKeysOf } from '../schema/prompt-key.ts';
import { readTexts } from '../schema-files/texts.ts';

const ID = 'virtual:prompt-keys';
const RESOLVED = `\0${ID}`;

/**
 * `virtual:prompt-keys`: `promptKeys()` answers the prompt keys of every default text, which the
 * platform's prompt call requires (`promptKey`, §7.3). In a build the list is a hashed JSON asset
 * fetched while the current user loads, so it costs the entry chunk nothing; the dev server
 * inlines it (restart it after adding a prompt key).
 */
export function promptKeys(root: string): Plugin {
  const schemasDir = join(root, 'schemas');
  let serve = false;
  return {
    name: 'prompt-keys',
    configResolved: (c) => void (serve = c.command === 'serve'),
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const keys = promptKeysOf(Object.keys(readTexts(schemasDir, 'en_US')));
      if (serve) return `export const promptKeys = () => Promise.resolve(${JSON.stringify(keys)});\n`;
      const ref = this.emitFile({ type: 'asset', name: 'prompt-keys.json', source: JSON.stringify(keys) });
      return `let p;\nexport const promptKeys = () => (p ??= fetch(import.meta.ROLLUP_FILE_URL_${ref}).then((r) => (r.ok ? r.json() : Promise.reject(new Error(String(r.status))))).catch((e) => { p = undefined; throw e; }));\n`;
    },
  };
}
