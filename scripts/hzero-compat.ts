import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compatMarkdown } from '../renderer/schema-files/hzero-compat-doc.ts';
import { contractReport, figure } from '../renderer/schema-files/hzero-contract.ts';

/** Writes docs/hzero-compat.md: the HZERO contract's figures and lists (see the file's intro). */
const root = join(import.meta.dirname, '..');
const report = contractReport(join(root, 'schemas'));
writeFileSync(join(root, 'docs/hzero-compat.md'), compatMarkdown(report, readFileSync(join(root, 'docs/hzero-compat.intro.md'), 'utf8')));
console.log(figure(report));
