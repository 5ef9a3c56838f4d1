import type { ThemeConfig } from 'antd';

/**
 * The app's antd theme. antd's default blue (#1677ff) on white is 4.1:1 and its error red 3.3:1,
 * below WCAG AA's 4.5:1 for normal text (issue 18: primary and link buttons, active tab titles,
 * form errors and danger buttons all failed axe's contrast rule). The seeds below are the next
 * shades of the same palettes; placeholders and secondary texts get a darker grey for the same reason.
 * Every screen takes these through the ConfigProvider, so no screen needs its own CSS (antd's preset
 * tag colours are not tokens: theme.css).
 */
export const appTheme: ThemeConfig = {
  token: {
    borderRadius: 6,
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorError: '#cf1322',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  },
};
