import { type ContractLine, type ContractReport, describeVerdict, figure, type OursEntry } from './hzero-contract.ts';

/**
 * docs/hzero-compat.md, written by `npm run hzero:compat` from the contract report; the contract
 * test fails when the file is not what the current schemas and catalogue give.
 */
export function compatMarkdown(r: ContractReport, intro: string): string {
  const row = (l: ContractLine, extra: string) => `| ${l.method} | \`${l.url}\`${l.export ? ' (export)' : ''} | ${extra.replace(/\|/g, '\\|')} | ${l.by.slice(0, 2).join(', ')}${l.by.length > 2 ? ` +${l.by.length - 2}` : ''} |`;
  const byResource = new Map<OursEntry, ContractLine[]>();
  for (const l of r.ours) byResource.set(l.ours!, [...(byResource.get(l.ours!) ?? []), l]);
  const out = [
    '<!-- Written by `npm run hzero:compat` (scripts/hzero-compat.ts); tests/schemas/hzero-contract.test.ts fails when it is out of date. -->',
    '# HZERO 1.5 compatibility',
    '',
    intro.trim(),
    '',
    `**${figure(r)}** Calls to other services (business modules HZERO 1.5 does not have): ${r.otherServices}.`,
    '',
    '## Ours only, with the reason',
    '',
    '| Resource | Methods | Calls | Reason |',
    '|---|---|---|---|',
    ...[...byResource].map(([o, ls]) => `| ${o.export ? 'every list, exported' : `\`${o.path}\``} | ${o.export ? 'GET (export)' : (o.methods?.join(', ') ?? 'all')} | ${ls.length} | ${o.reason} |`),
    '',
    '## Not yet aligned',
    '',
    r.pending.length ? 'Calls to a resource HZERO 1.5 has, still in our own shape (`schemas/catalogue/hzero-pending.json`; the list only shrinks):' : 'None.',
    '',
    ...(r.pending.length ? ['| Method | Path | HZERO 1.5 | Called from |', '|---|---|---|---|', ...r.pending.map((l) => row(l, describeVerdict(l.verdict)))] : []),
    '',
    '## Matched',
    '',
    '| Method | Path | HZERO endpoint | Called from |',
    '|---|---|---|---|',
    ...r.matched.map((l) => row(l, describeVerdict(l.verdict))),
    '',
  ];
  return out.join('\n');
}
