import { Card, Col, Empty, Row, Statistic } from 'antd';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { fillUrl } from '../../data/url-template.ts';
import { useServices } from '../../runtime/services.ts';
import type { DashboardScreen } from '../../schema/screen.ts';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../types.ts';
import './dashboard.css';

type Card = DashboardScreen['cards'][number];

/** A card: a count (totalElements of a one-row query) or the first rows of a list. */
function DashCard({ card }: { card: Card }) {
  const s = useServices();
  const [data, setData] = useState<{ total: number; rows: Record<string, unknown>[] } | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const url = fillUrl(card.data.url, { ...s.user }, { siteMode: s.siteMode });
    s.request<Record<string, unknown> | Record<string, unknown>[]>(url, { query: { page: 0, size: card.kind === 'count' ? 1 : 5, ...(card.data.params ?? {}) }, silent: true })
      .then((d) => {
        if (!live) return;
        if (Array.isArray(d)) setData({ total: d.length, rows: d.slice(0, 5) });
        else setData({ total: Number(d.totalElements ?? d.total ?? d.unreadMessageCount ?? 0), rows: (d.content as Record<string, unknown>[]) ?? [] });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [card, s]);
  const title = s.label(card.title);
  const open = card.link ? () => s.navigate(card.link!) : undefined;
  return (
    <Card
      size="small"
      title={title}
      hoverable={!!open}
      onClick={open}
      // A card that leads somewhere is a link for the keyboard and screen readers too, named by
      // what it shows (its title and figure): a name without the figure fails WCAG 2.5.3.
      {...(open ? { role: 'link', tabIndex: 0, onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && open() } : {})}
      data-card={typeof card.title === 'string' ? card.title : title}
      loading={!data && !failed}
    >
      {failed ? (
        <span>—</span>
      ) : card.kind === 'count' ? (
        <Statistic value={data?.total ?? 0} />
      ) : (
        // A plain list: antd's List brings Pagination and with it Select into the first screen.
        <ul className="dash-list" data-card-list>
          {(data?.rows ?? []).map((r, i) => (
            <li key={i}>{String(r[(card.columns?.[0] as string) ?? 'title'] ?? r.subject ?? r.title ?? '')}</li>
          ))}
          {data && data.rows.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={s.t('hzero.common.message.empty', 'No data')} />}
        </ul>
      )}
    </Card>
  );
}

/** Dashboard cards from server data (the workplace and module home pages). */
export default function DashboardPage({ screen, params }: PageProps<DashboardScreen>) {
  return (
    <Row gutter={[12, 12]} data-screen={useScreenRoute(screen, params)}>
      {screen.cards.map((c, i) => (
        <Col key={i} xs={24} md={c.span ?? 8}>
          <DashCard card={c} />
        </Col>
      ))}
    </Row>
  );
}
