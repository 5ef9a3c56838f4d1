import type { ReactNode } from 'react';

export interface DialogSpec<T> {
  title?: ReactNode;
  width?: number;
  /** `data-testid` of the dialog's body. */
  testId?: string;
  /** The content; `close(result)` ends the dialog and settles `open`'s promise with the result. */
  render(close: (result?: T) => void): ReactNode;
}

export interface ConfirmSpec {
  title?: string;
  content: ReactNode;
  okText?: string;
  cancelText?: string;
  /** Which button has the focus when it opens (antd's default: OK). */
  focus?: 'ok' | 'cancel';
  /** `data-testid` of the confirmation's content. */
  testId?: string;
}

/**
 * Dialogs of the open screen, rendered by its DialogHost inside the tab's React tree: they get
 * the app's theme and locale and the renderer's services like the page does.
 */
export interface DialogApi {
  /** Resolves with what the content passed to `close`, or undefined when dismissed. */
  open<T = void>(spec: DialogSpec<T>): Promise<T | undefined>;
  /** Resolves true on OK, false on cancel. */
  confirm(spec: ConfirmSpec): Promise<boolean>;
}
