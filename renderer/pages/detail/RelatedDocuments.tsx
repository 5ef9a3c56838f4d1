import { Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { loadRelated } from '../../documents/load-related.ts';
import { useServices } from '../../runtime/services.ts';
import type { DocumentRef, RelatedDocuments as Related } from '../../schema/documents/refs.ts';
import type { EntityDecl } from '../../schema/entity.ts';

/**
 * Where the document came from and what it became, each a link that opens the document's page in a
 * tab (the server picks the page the viewer's menus open, and leaves out what they may not read).
 * Shown on every detail page of an entity declaring `document`, once it has a link either way.
 */
export function RelatedDocuments({ entity, id, version }: { entity: EntityDecl; id: unknown; version: unknown }) {
  const s = useServices();
  const [related, setRelated] = useState<Related | undefined>();
  // Bumped when the server says the document changed elsewhere (an order made from its lines).
  const [changed, setChanged] = useState(0);
  const key = Number(id);
  useEffect(() => (Number.isInteger(key) && key > 0 ? s.onRecordChanged?.(entity.name, key, () => setChanged((n) => n + 1)) : undefined), [s, entity.name, key]);
  useEffect(() => {
    if (!entity.document || !Number.isInteger(key) || key <= 0) return;
    let live = true;
    loadRelated(s, entity.name, key)
      .then((r) => live && setRelated(r))
      // The panel is a way onward, not the document: a failure leaves the page as it is.
      .catch((e: unknown) => console.warn('related documents', e));
    return () => {
      live = false;
    };
    // Reloaded after each change of the document (its version moves): a move may have made a new one.
  }, [s, entity, key, version, changed]);
  if (!related || (related.from.length === 0 && related.to.length === 0)) return null;
  const group = (docs: DocumentRef[], title: string, way: string) =>
    docs.length > 0 && (
      <Space size={[8, 4]} wrap data-testid={`related-${way}`}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        {docs.map((d) => (
          <DocumentLink key={`${d.entity}:${d.id}`} doc={d} />
        ))}
      </Space>
    );
  return (
    <section aria-label={s.t('hzero.common.documents.title', 'Related documents')} data-testid="related-documents" style={{ margin: '0 0 12px', display: 'flex', flexWrap: 'wrap', gap: '4px 24px' }}>
      {group(related.from, s.t('hzero.common.documents.from', 'Came from'), 'from')}
      {group(related.to, s.t('hzero.common.documents.to', 'Led to'), 'to')}
    </section>
  );
}

/** One document: kind, number and status; a link where the viewer has a page for it. */
export function DocumentLink({ doc }: { doc: DocumentRef }) {
  const s = useServices();
  const text = `${doc.label ? s.label(doc.label) : doc.entity} ${doc.number}`;
  return (
    <span data-document={doc.entity} data-document-id={doc.id}>
      {doc.page ? (
        <a
          href={doc.page}
          onClick={(e) => {
            e.preventDefault();
            s.navigate(doc.page!);
          }}
        >
          {text}
        </a>
      ) : (
        text
      )}
      {doc.statusMeaning && <Tag style={{ marginInlineStart: 6 }}>{doc.statusMeaning}</Tag>}
    </span>
  );
}
