import type { Preview } from '@storybook/react-vite';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { configure } from 'mobx';

configure({ enforceActions: 'never' });

const LOCALES = { zh_CN: zhCN, en_US: enUS } as const;

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of texts, value sets and antd',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'zh_CN', title: '简体中文' },
          { value: 'en_US', title: 'English' },
        ],
        dynamicTitle: true,
      },
    },
    siteMode: {
      description: 'Signed in with a tenant role or a site-level role',
      toolbar: {
        title: 'Role level',
        icon: 'user',
        items: [
          { value: 'tenant', title: 'Tenant role' },
          { value: 'site', title: 'Site role' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'zh_CN', siteMode: 'tenant' },
  decorators: [
    (Story, { globals }) => {
      const locale = globals.locale === 'en_US' ? 'en_US' : 'zh_CN';
      return (
        <ConfigProvider locale={LOCALES[locale]} theme={{ token: { borderRadius: 6 } }}>
          <AntApp>
            <Story />
          </AntApp>
        </ConfigProvider>
      );
    },
  ],
  parameters: {
    controls: { matchers: { date: /Date$/i } },
  },
};

export default preview;
