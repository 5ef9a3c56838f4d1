import { Button, Result } from 'antd';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import { useStores } from '../StoreContext.ts';

const TYPES = {
  '403': { status: '403', key: 'hzero.common.exception.403', text: 'Sorry, you have no permission to visit this page' },
  '404': { status: '404', key: 'hzero.common.exception.404', text: 'Sorry, the page you visited does not exist' },
  '500': { status: '500', key: 'hzero.common.exception.500', text: 'Sorry, the server made an error' },
  trigger: { status: 'warning', key: 'hzero.common.exception.trigger', text: 'Trigger an error' },
} as const;

/** §2.1 exception screens: title, description, image and a default action linking to `/`; unknown types show 404. */
export const ExceptionPage = observer(function ExceptionPage({ type }: { type?: string }) {
  const { i18n } = useStores();
  const params = useParams();
  const t = (type ?? params.type ?? '404') as keyof typeof TYPES;
  const def = TYPES[t] ?? TYPES['404'];
  return (
    <Result
      status={def.status as '403' | '404' | '500' | 'warning'}
      title={def.status === 'warning' ? 'Error' : def.status}
      subTitle={i18n.t(def.key, def.text)}
      data-testid={`exception-${TYPES[t] ? t : '404'}`}
      extra={
        <Link to="/">
          <Button type="primary">{i18n.t('hzero.common.exception.backHome', 'Back to home')}</Button>
        </Link>
      }
    />
  );
});
