import { Alert, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';

interface Portal {
  registered: boolean;
  expert: { expertNum: string; expertName: string; enabledFlag: number; expertLevel: string; expertCategory: string } | null;
  pendingRequisitions: number;
}

/**
 * The expert portal's entry (`/ssrc/sims-login`): a person arriving from the link experts are
 * sent has signed in already (the shell asks first), so the page says what the portal is for
 * and routes them on: a registered expert to their own profile, anyone else to the requisition
 * that registers an expert (when their role may file one) or to the administrator.
 */
export default function ExpertPortal(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const [portal, setPortal] = useState<Portal | null>(null);
  const mayRequest = s.can(['ssrc.expert-requisition.list.button.create']);
  useEffect(() => {
    void s.request<Portal>(`/ssrc/v1/${s.user.tenantId}/experts/portal`).then(setPortal, () => setPortal({ registered: false, expert: null, pendingRequisitions: 0 }));
  }, [s]);
  const e = portal?.expert;
  return (
    <Card data-screen={screen.route} data-testid="expert-portal" title={s.t('ssrc.simsLogin.heading', 'Expert portal')} style={{ maxWidth: 760 }}>
      <Typography.Paragraph>{s.t('ssrc.simsLogin.intro', 'Experts evaluate the tenders and RFx they are assigned to and keep their own profile up to date here.')}</Typography.Paragraph>
      {!portal ? (
        <Spin />
      ) : e ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={s.t('ssrc.expert.model.expertNum', 'Expert no.')}>{e.expertNum}</Descriptions.Item>
            <Descriptions.Item label={s.t('ssrc.expert.model.expertName', 'Name')}>{e.expertName}</Descriptions.Item>
          </Descriptions>
          {e.enabledFlag !== 1 && <Alert type="warning" showIcon message={s.t('ssrc.simsLogin.disabled', 'Your expert record is disabled: you are not assigned new evaluations. Contact the sourcing administrator.')} />}
          <Button type="primary" data-testid="expert-portal-profile" onClick={() => s.navigate('/ssrc/expert-personal')}>
            {s.t('ssrc.simsLogin.openProfile', 'My expert profile')}
          </Button>
        </Space>
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            message={s.t('ssrc.simsLogin.notRegistered', 'Your account is not registered as an expert in this tenant.')}
            description={portal.pendingRequisitions > 0 ? s.t('ssrc.simsLogin.pending', 'A requisition for your account is waiting for approval.') : s.t('ssrc.simsLogin.howTo', 'An expert is registered by an expert requisition that an administrator approves.')}
          />
          {mayRequest && (
            <Button type="primary" data-testid="expert-portal-request" onClick={() => s.navigate('/ssrc/expert-requisition/create')}>
              {s.t('ssrc.simsLogin.request', 'File an expert requisition')}
            </Button>
          )}
        </Space>
      )}
    </Card>
  );
}
