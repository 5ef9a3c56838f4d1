import { BellOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { AutoComplete, Badge, Button, Dropdown, List, Popover, Select, Space } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { logoutUrl } from '../auth/login-redirect.ts';
import { getAccessToken, removeAccessToken } from '../auth/token.ts';
import { SUPPORTED_LANGUAGES } from '../stores/I18nStore.ts';
import { useStores } from '../StoreContext.ts';

/** Menu search, tenant, role and language switches, the unread badge and sign-out. */
export const HeaderBar = observer(function HeaderBar() {
  const root = useStores();
  const { user, workspace, i18n, notices } = root;
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const u = user.currentUser;
  const hits = q ? workspace.menuLeafNode.filter((l) => l.title.toLowerCase().includes(q.toLowerCase()) || l.path.includes(q)).slice(0, 20) : [];
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
        <AutoComplete
          style={{ width: 260 }}
          value={q}
          placeholder={i18n.t('hzero.common.header.menuSearch', 'Search menus')}
          options={hits.map((l) => ({ value: l.path, label: l.title }))}
          onSearch={setQ}
          onChange={setQ}
          onSelect={(path: string) => {
            setQ('');
            navigate(path);
          }}
          data-testid="menu-search"
        />
      </Space>
      <Space size="middle">
        {user.tenantList.length > 0 && (
          <Select
            aria-label={i18n.t('hzero.common.header.tenant', 'Tenant')}
            data-testid="tenant-switch"
            style={{ minWidth: 180 }}
            value={u?.tenantId}
            options={user.tenantList.map((t) => ({ value: t.tenantId, label: t.tenantName }))}
            onChange={(v: number) => void root.switchTenant(v)}
          />
        )}
        {user.roleList.length > 0 && (
          <Select
            aria-label={i18n.t('hzero.common.header.role', 'Role')}
            data-testid="role-switch"
            style={{ minWidth: 160 }}
            value={u?.currentRoleId}
            options={user.roleList.map((r) => ({ value: r.id, label: r.name }))}
            onChange={(v: number) => void root.switchRole(v)}
          />
        )}
        <Select
          aria-label={i18n.t('hzero.common.header.language', 'Language')}
          data-testid="language-switch"
          style={{ width: 120 }}
          value={i18n.language}
          options={SUPPORTED_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
          onChange={(v: string) => void root.switchLanguage(v)}
        />
        <Popover
          trigger="click"
          placement="bottomRight"
          title={i18n.t('hzero.common.header.messages', 'Messages')}
          content={
            <List
              style={{ width: 320, maxHeight: 360, overflow: 'auto' }}
              size="small"
              dataSource={notices.notices}
              locale={{ emptyText: i18n.t('hzero.common.header.noMessages', 'No unread messages') }}
              renderItem={(n) => (
                <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/hmsg/user-message/detail/${n.id}`)}>
                  <List.Item.Meta title={n.title} description={n.datetime} />
                </List.Item>
              )}
            />
          }
        >
          <Badge count={notices.count} overflowCount={99} data-testid="message-badge">
            <Button type="text" aria-label="messages" icon={<BellOutlined />} />
          </Badge>
        </Popover>
        <Dropdown menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: i18n.t('hzero.common.button.logout', 'Sign out'), onClick: logout }] }}>
          <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
            <UserOutlined />
            {u?.realName}
          </Space>
        </Dropdown>
      </Space>
    </Space>
  );
});
