import { Alert } from 'antd';

import type { SchemaProblem } from '../schema/schema-error.ts';

export type { SchemaProblem };

/** What an author sees instead of a white page: the file, each JSON path and what is wrong. */
export function SchemaErrorPanel({ file, problems, title }: { file: string; problems: SchemaProblem[]; title?: string }) {
  return (
    <Alert
      type="error"
      showIcon
      data-testid="schema-error"
      title={title ?? 'This screen cannot be shown: its schema is invalid'}
      description={
        <div>
          <div>
            <strong>schemas/{file}</strong>
          </div>
          <ul style={{ margin: '8px 0 0', paddingLeft: 20 }}>
            {problems.map((p, i) => (
              <li key={i}>
                <code>{p.path || '/'}</code> {p.message}
              </li>
            ))}
          </ul>
        </div>
      }
    />
  );
}
