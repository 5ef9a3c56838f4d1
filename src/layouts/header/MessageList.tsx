import { List } from 'antd';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { useStores } from '../../StoreContext.ts';

/** The unread messages in the header's popover; a chunk of its own, loaded when first opened. */
export const MessageList = observer(function MessageList() {
  const { notices, i18n } = useStores();
  const navigate = useNavigate();
  return (
    <List
      style={{ width: 320, maxHeight: 360, overflow: 'auto' }}
      size="small"
      dataSource={notices.notices}
      locale={{ emptyText: i18n.t('hzero.common.header.noMessages', 'No unread messages') }}
      renderItem={(n) => (
        <List.Item style={{ cursor: 'pointer' }} onClick={() => navigate(`/hmsg/user-message/detail/${n.id}`)}>
          <List.Item.Meta title={n.title} description={n.datetime} />
        </List.Item>
      )}
    />
  );
});
