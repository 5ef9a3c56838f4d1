import { theme, type ThemeConfig } from 'antd';

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

/**
 * The dark theme: antd's dark algorithm over antd's own seeds, which it darkens for dark surfaces
 * (the light theme's darker seeds would come out too dark to read there). Solid fills keep white
 * text (primary button 5.2:1), but the same blue and red as text on #141414 are 3.5:1 and 4.3:1,
 * so everything antd draws as coloured text takes the palettes' lighter shades instead (the error
 * red as a seed too: antd writes danger links and form errors in it); grey texts
 * are raised for the same reason. theme.css holds the matching colours for our own CSS.
 */
const darkTokens: ThemeConfig['token'] = {
  borderRadius: 6,
  colorPrimary: '#1677ff',
  colorLink: '#69b1ff',
  colorLinkHover: '#8dc5ff',
  colorLinkActive: '#4096ff',
  colorPrimaryText: '#69b1ff',
  colorPrimaryTextHover: '#8dc5ff',
  colorPrimaryTextActive: '#4096ff',
  colorError: '#ff7875',
  colorErrorText: '#ff7875',
  colorErrorTextHover: '#ff9c99',
  colorSuccessText: '#95de64',
  colorWarningText: '#ffc069',
  colorInfoText: '#69b1ff',
  colorTextPlaceholder: 'rgba(255, 255, 255, 0.55)',
  colorTextDescription: 'rgba(255, 255, 255, 0.62)',
  colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
};
const darkComponents: ThemeConfig['components'] = {
  // antd draws danger link buttons and form errors in colorError, so it is the light red above; the
  // solid danger button on it takes dark text (6.3:1), and the unread badge keeps a dark red under its white count.
  Button: { dangerColor: 'rgba(0, 0, 0, 0.88)' },
  Badge: { colorError: '#a61d24' },
  Tabs: { itemSelectedColor: '#69b1ff', itemHoverColor: '#8dc5ff', itemActiveColor: '#4096ff', inkBarColor: '#69b1ff' },
  Pagination: { itemActiveColor: '#69b1ff', itemActiveColorHover: '#8dc5ff' },
  Menu: { itemSelectedColor: '#69b1ff', horizontalItemSelectedColor: '#69b1ff' },
};

/**
 * The theme for a user's choices: dark or light, compact or comfortable, with or without motion
 * (the system's reduced-motion setting; one object per choice, so themed components re-render
 * only when one changes).
 */
export function themeConfig(dark: boolean, compact: boolean, still = false): ThemeConfig {
  const algorithm = [...(dark ? [theme.darkAlgorithm] : []), ...(compact ? [theme.compactAlgorithm] : [])];
  const base: ThemeConfig = dark ? { token: darkTokens, components: darkComponents } : appTheme;
  const moved = still ? { ...base, token: { ...base.token, motion: false } } : base;
  return algorithm.length ? { ...moved, algorithm } : moved;
}
