import { customComponents, customHandlers } from '../../renderer/registry/builtins.ts';

/**
 * Screens that cannot be a schema (tender and RFx flows) are components registered here by
 * name and named from their schema (`"kind": "custom", "component": "<name>"`).
 */
export function registerCustomComponents(): void {
  // Stored pages (/hpfm/ui/page): the designer, and a stored page rendered in the shell. Each
  // is its own chunk; the designer's editor (CodeMirror) is a further chunk it loads itself.
  customComponents.register('UiPageEditor', () => import('./ui-page/UiPageEditor.tsx') as never);
  customComponents.register('UiPageView', () => import('./ui-page/UiPageView.tsx') as never);
  // Action handlers named by `{"type": "custom", "handler": "<name>"}`.
  customHandlers.register('copyField', () => import('./handlers/copy-field.ts'));
}

registerCustomComponents();
