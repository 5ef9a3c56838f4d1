import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readManifest } from '../../../renderer/schema-files/screen-files.ts';

/** The route table names each screen's entities, so the shell loads them while the schema is fetched. */
describe('the screen manifest', () => {
  const manifest = readManifest(join(import.meta.dirname, '../../../schemas'));
  const entry = (file: string) => manifest.find((e) => e.file === file)!;

  it('names the entity of a screen and of its tabs, once each', () => {
    expect(entry('sodr/send-order.detail.json').entities).toEqual(['poHeader', 'poLine']);
    expect(entry('sodr/send-order.list.json').entities).toEqual(['poHeader']);
  });

  it('names none for a screen without an entity', () => {
    expect(entry('himp/template.import.custom.json').entities).toBeUndefined();
  });
});
