import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/**
 * The editor's colours from the app's CSS variables (src/theme.css), so the editor follows the
 * light and dark themes without being rebuilt when the user switches: CodeMirror's own defaults are
 * light-only and left a white pane, with text too pale to read, in the dark theme.
 */
export const appEditorTheme = [
  EditorView.theme({
    '&': { color: 'var(--app-text)', backgroundColor: 'var(--app-bg)' },
    '.cm-content': { caretColor: 'var(--app-text)' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--app-text)' },
    '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': { backgroundColor: 'var(--app-bg-selected)' },
    '.cm-activeLine': { backgroundColor: 'var(--app-bg-hover)' },
    '.cm-gutters': { backgroundColor: 'var(--app-bg-alt)', color: 'var(--app-text-secondary)', borderRight: '1px solid var(--app-border-split)' },
    '.cm-activeLineGutter': { backgroundColor: 'var(--app-bg-hover)' },
    '.cm-tooltip, .cm-panels': { backgroundColor: 'var(--app-bg-alt)', color: 'var(--app-text)', border: '1px solid var(--app-border)' },
    '.cm-tooltip-autocomplete ul li[aria-selected]': { backgroundColor: 'var(--app-bg-selected)', color: 'var(--app-text)' },
    '.cm-matchingBracket': { backgroundColor: 'var(--app-bg-selected)', outline: '1px solid var(--app-border)' },
  }),
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: tags.propertyName, color: 'var(--app-code-property)' },
      { tag: tags.string, color: 'var(--app-code-string)' },
      { tag: tags.number, color: 'var(--app-code-number)' },
      { tag: [tags.bool, tags.null, tags.keyword], color: 'var(--app-code-keyword)' },
      { tag: tags.invalid, color: 'var(--app-error-text)' },
    ]),
  ),
];
