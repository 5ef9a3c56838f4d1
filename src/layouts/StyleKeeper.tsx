import { Button, Card, Checkbox, DatePicker, Form, Input, InputNumber, Pagination, Select, Space, Spin, Switch } from 'antd';
import { memo } from 'react';

/**
 * One hidden instance of each antd component that forms and tables mount, kept mounted for the
 * session. antd builds a component's CSS in JavaScript and injects it when its first instance
 * mounts, and drops it from its cache when the last one unmounts (the next mount builds it
 * again): opening a 2,000-line order spent about a quarter of its rendering there (profiled:
 * Form.Item brings the grid's 87 KB of CSS, Select 38 KB, InputNumber 29 KB), and closing the
 * last form tab meant paying the building again on the next. Mounted once the first screen is
 * idle and the common chunks (which hold these components) are in, so the first screen does not
 * wait for it. Hidden and inert: nothing here is seen, focused or read out.
 */
// Memoised: without props it never renders again when the layout does (on every tab opened).
export default memo(function StyleKeeper() {
  return (
    <div hidden aria-hidden inert data-testid="style-keeper">
      <Form layout="vertical" component="div">
        <Card size="small">
          <Form.Item label=" ">
            <Input />
          </Form.Item>
          <Input.TextArea autoSize />
          <InputNumber />
          <Select />
          <DatePicker />
          <Switch />
          <Checkbox />
          <Space.Compact>
            <Input />
            <Button />
          </Space.Compact>
          <Spin />
          <Pagination total={0} />
        </Card>
      </Form>
    </div>
  );
});
