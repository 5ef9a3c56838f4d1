import { Button, Result } from 'antd';
import { observer } from 'mobx-react-lite';
import { Link, useParams } from 'react-router-dom';
import { useStores } from '../StoreContext.ts';

// Fallbacks in Chinese, the platform's default language (§8), for when no texts are loaded yet (a failed start).
const TYPES = {
  '403': { status: '403', key: 'hzero.common.exception.403', text: '抱歉，你无权访问该页面' },
  '404': { status: '404', key: 'hzero.common.exception.404', text: '抱歉，你访问的页面不存在' },
  '500': { status: '500', key: 'hzero.common.exception.500', text: '抱歉，服务器出错了' },
  trigger: { status: 'warning', key: 'hzero.common.exception.trigger', text: '触发错误' },
} as const;

/** §2.1 exception screens: title, description, image and a default action linking to `/`; unknown types show 404. */
export const ExceptionView = observer(function ExceptionView({ type }: { type?: string }) {
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
          <Button type="primary">{i18n.t('hzero.common.exception.backHome', '返回首页')}</Button>
        </Link>
      }
    />
  );
});
