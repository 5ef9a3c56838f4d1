import type { CompletionSource } from '@codemirror/autocomplete';
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { EditorHandle, EditorMark } from './codemirror-setup.ts';

interface Props {
  /** The text when the editor opens, and whenever `revision` changes. */
  text: string;
  revision?: number;
  readOnly?: boolean;
  language?: 'json' | 'text';
  /** The editor's accessible name. */
  label?: string;
  marks?: EditorMark[];
  completion?: CompletionSource;
  onChange?(text: string): void;
  onSave?(): void;
  onReady?(handle: EditorHandle): void;
  height: number | string;
  testId?: string;
}

/** CodeMirror in React: created once, after its chunk has loaded; callbacks are read through refs. */
export function CodeEditor(p: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<EditorHandle | null>(null);
  const latest = useRef(p);
  useEffect(() => {
    latest.current = p;
  });
  useEffect(() => {
    let live = true;
    let h: EditorHandle | undefined;
    void import('./codemirror-setup.ts').then(({ createEditor }) => {
      if (!live || !host.current) return;
      const o = latest.current;
      h = createEditor(host.current, {
        doc: o.text,
        readOnly: o.readOnly,
        language: o.language,
        label: o.label,
        completion: o.completion && ((ctx) => latest.current.completion!(ctx)),
        onChange: (t) => latest.current.onChange?.(t),
        onSave: () => latest.current.onSave?.(),
      });
      setHandle(h);
      o.onReady?.(h);
    });
    return () => {
      live = false;
      h?.destroy();
    };
  }, []);
  const shown = useRef(p.revision);
  useEffect(() => {
    if (handle && p.revision !== shown.current) {
      shown.current = p.revision;
      handle.setText(p.text);
    }
  }, [handle, p.revision, p.text]);
  useEffect(() => handle?.setMarks(p.marks ?? []), [handle, p.marks]);
  return (
    <div style={{ height: p.height, border: '1px solid var(--app-border)', borderRadius: 6, overflow: 'hidden', position: 'relative' }} data-testid={p.testId} data-ready={handle ? '1' : '0'}>
      {!handle && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 20 }} />}
      <div ref={host} style={{ height: '100%' }} />
    </div>
  );
}
