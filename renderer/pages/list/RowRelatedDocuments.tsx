import { Button, Popover, Spin, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { loadRelated } from '../../documents/load-related.ts';
import { useServices } from '../../runtime/services.ts';
import type { RelatedDocuments } from '../../schema/documents/refs.ts';
import { DocumentLink } from '../detail/RelatedDocuments.tsx';

type State = { kind: 'closed' } | { kind: 'loading' } | { kind: 'ready'; related: RelatedDocuments } | { kind: 'failed' };

/**
 * A list row's way onward: a button that opens where this document came from and what it became,
 * read when opened (a page of rows asks nothing until someone looks), each a link that opens its
 * tab as the detail page's panel does. Shown on every list of an entity declaring `document`.
 * Opened from the keyboard, focus goes to the first link; Escape closes and returns to the button.
 */
export function RowRelatedDocuments({ entity, id }: { entity: string; id: number }) {
  const s = useServices();
  const [state, setState] = useState<State>({ kind: 'closed' });
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const open = state.kind !== 'closed';

  const setOpen = (next: boolean) => {
    if (!next) {
      setState({ kind: 'closed' });
      return;
    }
    setState({ kind: 'loading' });
    loadRelated(s, entity, id).then(
      (related) => setState((st) => (st.kind === 'closed' ? st : related ? { kind: 'ready', related } : { kind: 'failed' })),
      () => setState((st) => (st.kind === 'closed' ? st : { kind: 'failed' })),
    );
  };
  useEffect(() => {
    if (state.kind === 'ready') panel.current?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [state.kind]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const group = (docs: RelatedDocuments['from'], title: string, way: string) =>
    docs.length > 0 && (
      <div data-testid={`row-related-${way}`} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        {docs.map((d) => (
          <DocumentLink key={`${d.entity}:${d.id}`} doc={d} />
        ))}
      </div>
    );
  const content = (
    <div
      ref={panel}
      id={panelId}
      role="dialog"
      aria-label={s.t('hzero.common.documents.title', 'Related documents')}
      data-testid="row-related-panel"
      style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 200, maxWidth: 360 }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
      // A link opens its tab: the popover has done its work.
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a[href]')) setOpen(false);
      }}
    >
      {state.kind === 'loading' && <Spin size="small" />}
      {state.kind === 'failed' && <Typography.Text type="secondary">{s.t('hzero.common.documents.failed', 'The related documents could not be read.')}</Typography.Text>}
      {state.kind === 'ready' &&
        (state.related.from.length + state.related.to.length === 0 ? (
          <Typography.Text type="secondary">{s.t('hzero.common.documents.none', 'No related documents yet.')}</Typography.Text>
        ) : (
          <>
            {group(state.related.from, s.t('hzero.common.documents.from', 'Came from'), 'from')}
            {group(state.related.to, s.t('hzero.common.documents.to', 'Led to'), 'to')}
          </>
        ))}
    </div>
  );
  return (
    <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight" destroyOnHidden>
      <Button ref={button} type="link" size="small" data-testid="row-related-documents" aria-haspopup="dialog" aria-expanded={open} aria-controls={open ? panelId : undefined}>
        {s.t('hzero.common.documents.title', 'Related documents')}
      </Button>
    </Popover>
  );
}
