import { diffLines } from 'diff';
import { useMemo } from 'react';

/** Line diff of two texts, as reviewers read it: removed lines red, added lines green, the rest folded. */
export function DiffView({ before, after, context = 3 }: { before: string; after: string; context?: number }) {
  const rows = useMemo(() => {
    const out: Array<{ sign: ' ' | '+' | '-' | '…'; text: string }> = [];
    const parts = diffLines(before, after);
    parts.forEach((part, pi) => {
      const lines = part.value.replace(/\n$/, '').split('\n');
      if (part.added || part.removed) {
        for (const l of lines) out.push({ sign: part.added ? '+' : '-', text: l });
        return;
      }
      // Unchanged runs keep `context` lines next to a change and fold the middle.
      const head = pi === 0 ? 0 : context;
      const tail = pi === parts.length - 1 ? 0 : context;
      if (lines.length <= head + tail + 1) for (const l of lines) out.push({ sign: ' ', text: l });
      else {
        for (const l of lines.slice(0, head)) out.push({ sign: ' ', text: l });
        out.push({ sign: '…', text: `${lines.length - head - tail} unchanged lines` });
        for (const l of lines.slice(lines.length - tail)) out.push({ sign: ' ', text: l });
      }
    });
    return out;
  }, [before, after, context]);
  const colour = { '+': 'var(--app-success-bg)', '-': 'var(--app-error-bg)', ' ': 'transparent', '…': 'var(--app-bg-alt)' } as const;
  return (
    <pre data-testid="ui-page-diff" style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, margin: 0, border: '1px solid var(--app-border-split)' }}>
      {rows.map((r, i) => (
        <div key={i} data-sign={r.sign} style={{ background: colour[r.sign], color: r.sign === '…' ? 'var(--app-text-secondary)' : undefined, padding: '0 8px' }}>
          {r.sign} {r.text}
        </div>
      ))}
    </pre>
  );
}
