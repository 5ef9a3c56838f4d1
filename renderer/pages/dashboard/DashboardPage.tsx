import { type ComponentType, type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { fillUrl } from '../../data/url-template.ts';
import { useServices } from '../../runtime/services.ts';
import type { DashboardScreen } from '../../schema/screen.ts';
import { useScreenRoute } from '../screen-route.ts';
import type { PageProps } from '../../contracts/pages.ts';
import '../light/light.css';
import './dashboard.css';

type Card = DashboardScreen['cards'][number];

/**
 * A card's frame: title, and the whole card a link when it leads somewhere. Plain markup styled
 * like antd's small card: Card, Skeleton, Statistic and Empty would add their chunks to the
 * JavaScript every sign-in waits for (the workplace is the first screen).
 */
function CardFrame({ card, loading, children }: { card: Card; loading: boolean; children: ReactNode }) {
  const s = useServices();
  const title = s.label(card.title);
  const open = card.link ? () => s.navigate(card.link!) : undefined;
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
        ) : (
          children
        )}
      </div>
    </section>
  );
}

/** A count (totalElements of a one-row query) or the first rows of a list. */
function DataCard({ card }: { card: Card }) {
  const s = useServices();
  const [data, setData] = useState<{ total: number; rows: Record<string, unknown>[] } | undefined>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const url = fillUrl(card.data!.url, { ...s.user }, { siteMode: s.siteMode });
    s.request<Record<string, unknown> | Record<string, unknown>[]>(url, { query: { page: 0, size: card.kind === 'count' ? 1 : 5, ...(card.data!.params ?? {}) }, silent: true })
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
  return (
    <CardFrame card={card} loading={!data && !failed}>
      {failed ? (
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
    </CardFrame>
  );
}

/** A next step to take (a newcomer's company registration): its text, the whole card the link. */
function PromptCard({ card }: { card: Card }) {
  const s = useServices();
  return (
    <CardFrame card={card} loading={false}>
      <p className="dash-prompt">{s.label(card.text)}</p>
    </CardFrame>
  );
}

/** A component registered by name (a report's chart), loaded with its card: its chunk never holds up the first screen. */
function ComponentCard({ card }: { card: Card }) {
  const s = useServices();
  const [C, setC] = useState<ComponentType<Record<string, unknown>> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const name = card.component ?? '';
    // An unknown name is a schema error the checker reports; here the card just shows a dash.
    const loading = s.registries.customComponents.has(name) ? s.registries.customComponents.resolve(name) : Promise.reject(new Error(name));
    loading.then(
      (c) => live && setC(() => c as ComponentType<Record<string, unknown>>),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [card.component, s]);
  return (
    <CardFrame card={card} loading={!C && !failed}>
      {failed ? <span>—</span> : C && <C {...(card.props ?? {})} />}
    </CardFrame>
  );
}

function DashCard({ card }: { card: Card }) {
  if (card.kind === 'prompt') return <PromptCard card={card} />;
  return card.kind === 'component' ? <ComponentCard card={card} /> : <DataCard card={card} />;
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
