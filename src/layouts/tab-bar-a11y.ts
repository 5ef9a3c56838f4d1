import { useEffect, useRef } from 'react';

/**
 * antd's editable tabs put each tab's close button and the overflow "more" button inside the
 * `tablist`, where ARIA allows only tabs (axe: aria-required-children, critical). The keyboard
 * already has both: Delete or Backspace closes the focused tab and the arrow keys reach every tab,
 * overflowed ones included (rc-tabs), so these mouse-only buttons leave the accessibility tree and
 * the tab order. rc-tabs re-renders them (and their tabindex) on its own, hence the observer.
 */
export function useTabBarA11y() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    // The workspace's own tab bar only (a screen's tabs are not editable), watched alone: the pages below change all the time.
    const nav = ref.current?.querySelector<HTMLElement>('[role="tablist"]');
    if (!nav) return;
    const fix = () => {
      for (const b of nav.querySelectorAll<HTMLElement>('.ant-tabs-tab-remove, .ant-tabs-nav-more')) {
        if (b.getAttribute('aria-hidden') !== 'true') b.setAttribute('aria-hidden', 'true');
        if (b.getAttribute('tabindex') !== '-1') b.setAttribute('tabindex', '-1');
      }
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(nav, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  return ref;
}
