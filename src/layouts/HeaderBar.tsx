import { BellOutlined, BulbOutlined, ColumnHeightOutlined, LogoutOutlined, PauseCircleOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Popover, Space } from 'antd';
import { LightSpin } from '../../renderer/pages/light/LightSpin.tsx';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { logoutUrl } from '../auth/login-redirect.ts';
import { getAccessToken, removeAccessToken } from '../auth/token.ts';
import { SUPPORTED_LANGUAGES } from '../stores/I18nStore.ts';
import { density } from '../stores/density.ts';
import { reducedMotion } from '../stores/reduced-motion.ts';
import { themeMode } from '../stores/theme-mode.ts';
import { useStores } from '../StoreContext.ts';
import type { MenuItemType } from 'antd/es/menu/interface';
import { MenuSearch } from './header/MenuSearch.tsx';
import { PickerMenu } from './header/PickerMenu.tsx';

const MessageList = lazy(() => import('./header/MessageList.tsx').then((m) => ({ default: m.MessageList })));

/** Menu search, tenant, role and language switches, the unread badge and sign-out. */
export const HeaderBar = observer(function HeaderBar() {
  const root = useStores();
  const { user, workspace, i18n, notices } = root;
  const u = user.currentUser;
  const logout = () => {
    const token = getAccessToken();
    removeAccessToken();
    workspace.cleanTabs();
    window.location.assign(logoutUrl(token, `${window.location.origin}/workplace`));
  };
  return (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      <Space>
        <Button type="text" aria-label="toggle menu" icon={workspace.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} onClick={workspace.toggleCollapsed} />
        <MenuSearch />
      </Space>
      <Space size="middle">
        {user.tenantList.length > 0 && (
          <PickerMenu
            testId="tenant-switch"
            label={i18n.t('hzero.common.header.tenant', 'Tenant')}
            minWidth={180}
            value={u?.tenantId}
            options={user.tenantList.map((t) => ({ value: t.tenantId, label: t.tenantName }))}
            onChange={(v) => void root.switchTenant(v)}
          />
        )}
        {user.roleList.length > 0 && (
          <PickerMenu
            testId="role-switch"
            label={i18n.t('hzero.common.header.role', 'Role')}
            minWidth={160}
            value={u?.currentRoleId}
            options={user.roleList.map((r) => ({ value: r.id, label: r.name }))}
            onChange={(v) => void root.switchRole(v)}
          />
        )}
        <PickerMenu
          testId="language-switch"
          label={i18n.t('hzero.common.header.language', 'Language')}
          minWidth={120}
          value={i18n.language}
          options={SUPPORTED_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          onChange={(v) => void root.switchLanguage(v)}
        />
        <Popover
          trigger="click"
          placement="bottomRight"
          title={i18n.t('hzero.common.header.messages', 'Messages')}
          destroyOnHidden
          content={
            <Suspense fallback={<LightSpin size="small" label={i18n.t('hzero.common.message.loading', 'Loading')} />}>
              <MessageList />
            </Suspense>
          }
        >
          <Badge count={notices.count} overflowCount={99} data-testid="message-badge">
            <Button type="text" aria-label="messages" icon={<BellOutlined />} />
          </Badge>
        </Popover>
        <Dropdown
          menu={{
            items: [
              {
                key: 'density',
                icon: <ColumnHeightOutlined />,
                label: density.compact ? i18n.t('hzero.common.header.comfortable', 'Comfortable layout') : i18n.t('hzero.common.header.compact', 'Compact layout'),
                onClick: density.toggle,
                'data-testid': 'density-switch',
              } as MenuItemType,
              {
                key: 'theme',
                icon: <BulbOutlined />,
                label: themeMode.dark ? i18n.t('hzero.common.header.lightTheme', 'Light theme') : i18n.t('hzero.common.header.darkTheme', 'Dark theme'),
                onClick: themeMode.toggle,
                'data-testid': 'theme-switch',
              } as MenuItemType,
              {
                key: 'motion',
                icon: <PauseCircleOutlined />,
                // The system's setting cannot be undone here (the person asked for it); the menu only adds the reduction.
                label: reducedMotion.system
                  ? i18n.t('hzero.common.header.reduceMotionBySystem', 'Reduce motion (system setting)')
                  : reducedMotion.chosen
                    ? i18n.t('hzero.common.header.allowMotion', 'Allow motion')
                    : i18n.t('hzero.common.header.reduceMotion', 'Reduce motion'),
                disabled: reducedMotion.system,
                onClick: reducedMotion.toggle,
                'data-testid': 'motion-switch',
              } as MenuItemType,
              { key: 'logout', icon: <LogoutOutlined />, label: i18n.t('hzero.common.button.logout', 'Sign out'), onClick: logout },
            ],
          }}
        >
          <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
            <UserOutlined />
            {u?.realName}
          </Space>
        </Dropdown>
      </Space>
    </Space>
  );
});
