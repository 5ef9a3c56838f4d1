import { type CSSProperties, type KeyboardEvent, useEffect, useState } from 'react';
import { fillUrl } from '../../data/url-template.ts';
import { useServices } from '../../runtime/services.ts';
import type { DashboardScreen } from '../../schema/screen.ts';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../types.ts';
import '../light/light.css';
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
  const loading = !data && !failed;
  // Plain markup styled like antd's small card: Card, Skeleton, Statistic and Empty would add their
  // chunks to the JavaScript every sign-in waits for (the workplace is the first screen).
  return (
    <section
      className={`dash-card${open ? ' dash-card-link' : ''}`}
      onClick={open}
      // A card that leads somewhere is a link for the keyboard and screen readers too, named by
      // what it shows (its title and figure): a name without the figure fails WCAG 2.5.3.
      {...(open ? { role: 'link', tabIndex: 0, onKeyDown: (e: KeyboardEvent) => e.key === 'Enter' && open() } : {})}
      aria-busy={loading}
      data-card={typeof card.title === 'string' ? card.title : title}
    >
      <h2 className="dash-card-title">{title}</h2>
      <div className="dash-card-body">
        {loading ? (
          <span aria-hidden>
            <span className="light-placeholder" />
            <span className="light-placeholder" />
            <span className="light-placeholder" />
          </span>
        ) : failed ? (
          <span>—</span>
        ) : card.kind === 'count' ? (
          <span className="dash-figure">{(data?.total ?? 0).toLocaleString(s.language.replace('_', '-'))}</span>
        ) : (
          <ul className="dash-list" data-card-list>
            {(data?.rows ?? []).map((r, i) => (
              <li key={i}>{String(r[(card.columns?.[0] as string) ?? 'title'] ?? r.subject ?? r.title ?? '')}</li>
            ))}
            {data && data.rows.length === 0 && <li className="dash-empty">{s.t('hzero.common.message.empty', 'No data')}</li>}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Dashboard cards from server data (the workplace and module home pages). */
export default function DashboardPage({ screen, params }: PageProps<DashboardScreen>) {
  return (
    <div className="dash-grid" data-screen={useScreenRoute(screen, params)}>
      {screen.cards.map((c, i) => (
        <div key={i} className="dash-cell" style={{ '--dash-span': c.span ?? 8 } as CSSProperties}>
          <DashCard card={c} />
        </div>
      ))}
    </div>
  );
}
