import { useEffect } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The dialog on top: the last open modal or drawer in the page (antd portals each to the end of body). */
function topDialog(): HTMLElement | undefined {
  const open = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer-open')].filter((d) => d.offsetParent !== null || getComputedStyle(d).position === 'fixed');
  return open.filter((d) => getComputedStyle(d).display !== 'none').at(-1);
}

/**
 * Tab and Shift+Tab go round inside the open dialog. antd's own lock pulls the focus back only
 * when something outside receives it; a dialog is the last thing in the page, so Tab from its last
 * button leaves the document (to the browser's address bar) and the lock never hears of it.
 */
export function useDialogFocusWrap(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return;
      const dialog = topDialog();
      if (!dialog) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]'));
      if (!items.length) return;
      const first = items[0]!;
      const last = items.at(-1)!;
      const at = document.activeElement as HTMLElement | null;
      const inside = !!at && dialog.contains(at);
      if (!inside || (e.shiftKey && at === first) || (!e.shiftKey && at === last)) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}
