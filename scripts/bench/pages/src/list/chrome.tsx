import { Button, Card, Col, Form, Input, Pagination, Row, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { LOVS } from '../data/list-data.ts';

/**
 * What surrounds the table on a list screen (search form, toolbar, pager), written by hand for
 * the baselines so they show the same screen as the schema page, not a bare table.
 */
const statuses = LOVS['BENCH.STATUS']!.map((o) => ({ value: o.value, label: o.meaning }));

export function ListChrome({ total, children }: { total: number; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Form layout="horizontal" labelCol={{ flex: '110px' }}>
          <Row gutter={12}>
            <Col span={8}>
              <Form.Item label="Order no." style={{ marginBottom: 8 }}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="Supplier" style={{ marginBottom: 8 }}>
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="Status" style={{ marginBottom: 8 }}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={statuses} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button>Reset</Button>
            <Button type="primary" htmlType="submit">
              Search
            </Button>
          </Space>
        </Form>
      </Card>
      <Space wrap>
        <Button type="primary">Create</Button>
      </Space>
      {children}
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Pagination current={1} pageSize={total || 10} total={total} showSizeChanger pageSizeOptions={[10, 20, 50, 100]} showTotal={(t) => `${t} items`} />
      </div>
    </Space>
  );
}
