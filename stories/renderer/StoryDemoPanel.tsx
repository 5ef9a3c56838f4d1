import { Card, Descriptions } from 'antd';
import type { Screen } from '../../renderer/schema/screen.ts';

/** The component the custom page kind's fixture names: shows what CustomPage passes to it. */
export function StoryDemoPanel({ greeting, params, screen }: { greeting?: string; params?: Record<string, string>; screen?: Screen }) {
  return (
    <Card title="StoryDemoPanel" size="small" data-testid="story-demo-panel">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'greeting', label: 'props.greeting', children: greeting ?? '' },
          { key: 'params', label: 'params', children: JSON.stringify(params ?? {}) },
          { key: 'route', label: 'screen.route', children: screen?.route ?? '' },
        ]}
      />
    </Card>
  );
}
