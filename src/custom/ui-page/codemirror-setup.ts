import { autocompletion, type CompletionSource } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { appEditorTheme } from './codemirror-theme.ts';

/**
 * CodeMirror 6 for the page designer. Only this module imports CodeMirror, and only the
 * designer imports this module, with `import()`: the editor is its own chunk, loaded when the
 * designer opens, never part of the main bundle.
 */
export interface EditorMark {
  from: number;
  to: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

export interface EditorHandle {
  setMarks(marks: EditorMark[]): void;
  /** Replaces the whole text (loading another version); not reported as a change. */
  setText(text: string): void;
  reveal(from: number, to: number): void;
  destroy(): void;
}

export interface EditorOptions {
  doc: string;
  readOnly?: boolean;
  /** The editor's accessible name (what the text is). */
  label?: string;
  onChange?(text: string): void;
  onSave?(): void;
  completion?: CompletionSource;
  /** `text`: no JSON language (YAML configurations); default `json`. */
  language?: 'json' | 'text';
}

export function createEditor(parent: HTMLElement, o: EditorOptions): EditorHandle {
  let silent = false;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: o.doc,
      extensions: [
        keymap.of([{ key: 'Mod-s', preventDefault: true, run: () => (o.onSave?.(), true) }]),
        basicSetup,
        ...(o.language === 'text' ? [] : [json()]),
        lintGutter(),
        ...(o.completion ? [autocompletion({ override: [o.completion], activateOnTyping: true })] : []),
        // Schema lines are often long (a field list on one line); wrapping keeps them in the half-width pane.
        EditorView.lineWrapping,
        EditorState.readOnly.of(!!o.readOnly),
        EditorView.editable.of(!o.readOnly),
        // Named for screen readers, and a tab stop even read-only (its scroll area is reachable by keyboard).
        EditorView.contentAttributes.of({ 'aria-label': o.label ?? 'JSON', tabindex: '0' }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged && !silent) o.onChange?.(u.state.doc.toString());
        }),
        appEditorTheme,
        EditorView.theme({ '&': { height: '100%', fontSize: '13px' }, '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } }),
      ],
    }),
  });
  const clamp = (n: number) => Math.max(0, Math.min(n, view.state.doc.length));
  return {
    setMarks(marks) {
      const diagnostics: Diagnostic[] = marks.map((m) => ({ from: clamp(m.from), to: clamp(Math.max(m.to, m.from)), severity: m.severity, message: m.message }));
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    setText(text) {
      silent = true;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      silent = false;
    },
    reveal(from, to) {
      view.dispatch({ selection: { anchor: clamp(from), head: clamp(to) }, effects: EditorView.scrollIntoView(clamp(from), { y: 'center' }) });
      view.focus();
    },
    destroy: () => view.destroy(),
  };
}
