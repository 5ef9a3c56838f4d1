import { Alert, Button, Card, Input, List, Space, Typography } from 'antd';
import { useState } from 'react';
import { useServices } from '../../renderer/runtime/services.ts';
import { ScreenHost } from '../../renderer/ScreenHost.tsx';
import type { Screen } from '../../renderer/schema/screen.ts';
import { SiteOnly } from './SiteOnly.tsx';

const SAMPLE = JSON.stringify(
  {
    version: 1,
    kind: 'list',
    title: 'hpfm.bank.title',
    entity: 'bank',
    search: { fields: ['bankCode', 'bankName'] },
    table: { columns: ['bankCode', 'bankName', 'bankTypeCode', 'swiftCode', 'enabledFlag'] },
  },
  null,
  2,
);

interface Problem {
  path: string;
  message: string;
}

/**
 * The schema playground: paste a screen, have the server check it as `npm run schemas:check` does
 * (the meta-schema, then entities, routes and endpoints; each problem names its JSON path), and
 * render it with the real renderer against the real server. The check is a site call
 * (`/hpfm/v1/ui-pages/check`), so only site administrators get an answer.
 */
export default function DevPlayground(props: Record<string, unknown>) {
  const { screen } = props as { screen: Screen };
  const s = useServices();
  const [text, setText] = useState(SAMPLE);
  const [problems, setProblems] = useState<Problem[] | undefined>();
  const [rendered, setRendered] = useState<{ text: string; n: number } | undefined>();
  const [busy, setBusy] = useState(false);
  const check = async (): Promise<Problem[]> => {
    setBusy(true);
    try {
      const r = await s.request<{ problems: Problem[] }>('/hpfm/v1/ui-pages/check', { method: 'POST', body: { pageCode: 'playground', content: text } });
      setProblems(r.problems);
      return r.problems;
    } finally {
      setBusy(false);
    }
  };
  const render = async () => {
    const found = await check();
    if (!found.length) setRendered({ text, n: (rendered?.n ?? 0) + 1 });
  };
  return (
    <SiteOnly route={screen.route!}>
      <Space orientation="vertical" size={12} style={{ width: '100%' }} data-screen={screen.route} data-testid="dev-playground">
        <Typography.Paragraph>{s.t('dev.playground.intro', 'Paste a screen schema. Check runs the same checks as npm run schemas:check; Render shows it with the real renderer and data.')}</Typography.Paragraph>
        <label htmlFor="dev-schema" style={{ fontWeight: 600 }}>
          {s.t('dev.playground.schema', 'Screen schema (JSON)')}
        </label>
        <Input.TextArea id="dev-schema" value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 10, maxRows: 24 }} spellCheck={false} style={{ fontFamily: 'monospace' }} data-testid="dev-schema" />
        <Space>
          <Button onClick={() => void check()} loading={busy} data-testid="dev-check">
            {s.t('dev.playground.check', 'Check')}
          </Button>
          <Button type="primary" onClick={() => void render()} loading={busy} data-testid="dev-render">
            {s.t('dev.playground.render', 'Check and render')}
          </Button>
        </Space>
        {problems && problems.length === 0 && <Alert type="success" showIcon title={s.t('dev.playground.valid', 'No problems found.')} data-testid="dev-valid" />}
        {problems && problems.length > 0 && (
          <Card size="small" title={s.t('dev.playground.problems', '{{count}} problems', { count: problems.length })}>
            <List
              size="small"
              data-testid="dev-problems"
              dataSource={problems}
              renderItem={(p) => (
                <List.Item>
                  <Typography.Text code>{p.path || '/'}</Typography.Text> {p.message}
                </List.Item>
              )}
            />
          </Card>
        )}
        {rendered && (
          <Card size="small" title={s.t('dev.playground.preview', 'Rendered')} data-testid="dev-preview">
            <ScreenHost key={rendered.n} file="playground.json" load={async () => rendered.text} params={{}} route="/test/test/preview" />
          </Card>
        )}
      </Space>
    </SiteOnly>
  );
}
