import { Alert, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { screenSource } from '../../../renderer/dialogs/screen-source.ts';
import { useScreenRoute } from '../../../renderer/pages/screen-route.ts';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { ScreenSource } from '../../../renderer/contracts/services.ts';
import { ScreenHost } from '../../../renderer/ScreenHost.tsx';
import type { Label } from '../../../renderer/schema/label.ts';
import type { Screen } from '../../../renderer/schema/screen.ts';

interface Props {
  screen: Screen & { props?: { file?: string; param?: string; missing?: Label } };
  params: Record<string, string>;
}

/**
 * A record page whose route carries no id (the spec's `supplier-detail`, the `-view` pages of the
 * life cycle): the id comes from the query string (`?applicationId=5`) and the record is shown by
 * an ordinary detail schema file (`props.file`), so it renders, reads and refuses as any detail.
 */
export default function RecordFromQuery(props: Record<string, unknown>) {
  const { screen, params } = props as unknown as Props;
  const s = useServices();
  const route = useScreenRoute(screen, params);
  const file = screen.props?.file ?? '';
  const param = screen.props?.param ?? 'id';
  const [id] = useState(() => new URLSearchParams(window.location.search).get(param));
  const valid = !!id && /^\d{1,15}$/.test(id);
  const [source, setSource] = useState<ScreenSource | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!valid) return;
    screenSource(s, file).then(setSource, (e: unknown) => setError(String(e)));
  }, [s, file, valid]);
  let body;
  if (!valid) {
    body = <Alert type="info" showIcon data-testid="record-from-query-missing" title={s.label(screen.props?.missing ?? screen.title)} description={s.t('sslm.common.openFromList', 'Open a record from its list to see it here.')} />;
  } else if (error) body = <Alert type="error" showIcon title={error} />;
  else if (!source) body = <Spin style={{ display: 'block', margin: 48 }} />;
  else body = <ScreenHost file={source.file} load={source.load} route={source.route} params={{ [param]: id! }} />;
  return <div data-screen={route}>{body}</div>;
}
