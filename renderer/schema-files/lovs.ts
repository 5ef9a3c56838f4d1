import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type LovFile, mergeLovFiles } from '../schema/lovs.ts';

/** Value sets and LOV views of `schemas/lovs/*.json`, read from disk. */
export function readLovFiles(schemasDir: string): ReturnType<typeof mergeLovFiles> {
  const dir = join(schemasDir, 'lovs');
  const files = readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((f): [string, LovFile] => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as LovFile]);
  return mergeLovFiles(files);
}
