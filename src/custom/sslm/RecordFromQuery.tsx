import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { screenSource } from '../../../renderer/dialogs/screen-source.ts';
import { type ScreenSource, useServices } from '../../../renderer/runtime/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { Label } from '../../../renderer/schema/label.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';

interface Props {
  screen: Screen & { props?: { file?: string; param?: string; missing?: Label } };
}

/**
 * A record page whose route carries no id (the spec's `supplier-detail`, the `-view` pages of the
 * life cycle): the id comes from the query string (`?applicationId=5`) and the record is shown by
 * an ordinary detail schema file (`props.file`), so it renders, reads and refuses as any detail.
 */
export default function RecordFromQuery(props: Record<string, unknown>) {
  const { screen } = props as unknown as Props;
  const s = useServices();
  const file = screen.props?.file ?? '';
  const param = screen.props?.param ?? 'id';
  const [id] = useState(() => new URLSearchParams(window.location.search).get(param));
  const [source, setSource] = useState<ScreenSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!id) return;
    screenSource(s, file).then(setSource, (e: unknown) => setError(String(e)));
  }, [s, file, id]);
  if (!id || !/^\d{1,15}$/.test(id)) {
    return <Alert type="info" showIcon data-testid="record-from-query-missing" title={s.label(screen.props?.missing ?? screen.title)} description={s.t('sslm.common.openFromList', 'Open a record from its list to see it here.')} />;
  }
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!source) return <Spin style={{ display: 'block', margin: 48 }} />;
  return <ScreenHost file={source.file} load={source.load} route={source.route} params={{ [param]: id }} />;
}
