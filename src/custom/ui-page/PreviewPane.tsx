import { Empty } from 'antd';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { Screen } from '../../../renderer/schema/screen.ts';

/**
 * The live preview: the editor's screen through the same ScreenHost users get, with the signed-in
 * user's services and data. Remounted per update, so an error of one version never sticks to the
 * next; route parameters come from the screen's own `sampleParams`.
 */
export function PreviewPane({ screen, generation, pageCode }: { screen: Screen | null; generation: number; pageCode: string }) {
  if (!screen) return <Empty />;
  return (
    <div data-testid="ui-page-preview" data-generation={generation} style={{ height: 'calc(100vh - 300px)', overflow: 'auto' }}>
      <ScreenHost key={generation} file={`ui-page ${pageCode} (preview)`} screen={screen} params={screen.sampleParams ?? {}} />
    </div>
  );
}
