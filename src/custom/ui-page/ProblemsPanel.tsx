import { List, Tag } from 'antd';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { Finding } from './findings.ts';

const COLOUR = { json: 'red', check: 'volcano', overlay: 'purple', publish: 'magenta' } as const;

/** The findings under the editor; one with a place in the text jumps there when clicked. */
export function ProblemsPanel({ findings, onReveal }: { findings: Finding[]; onReveal(f: Finding): void }) {
  const s = useServices();
  return (
    <div data-testid="ui-page-problems" data-count={findings.length} style={{ maxHeight: 180, overflow: 'auto', marginTop: 8 }}>
      {findings.length === 0 ? (
        <Tag color="green" data-testid="ui-page-no-problems">
          {s.t('hpfm.uiPage.editor.noProblems', 'No problems')}
        </Tag>
      ) : (
        <List
          size="small"
          bordered
          dataSource={findings}
          renderItem={(f) => (
            <List.Item data-testid="ui-page-problem" data-path={f.path} data-line={f.line ?? ''} data-source={f.source} style={{ cursor: f.from !== undefined ? 'pointer' : 'default' }} onClick={() => onReveal(f)}>
              <span>
                <Tag color={f.severity === 'warning' ? 'gold' : COLOUR[f.source]}>{f.line ? `line ${f.line}` : f.source}</Tag>
                <code>{f.path || '/'}</code> {f.message}
              </span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
