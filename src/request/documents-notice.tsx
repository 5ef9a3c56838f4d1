import { Space, Tag } from 'antd';
import type { DocumentRef } from '../../renderer/schema/documents/refs.ts';
import type { I18nStore } from '../stores/I18nStore.ts';
import { notify } from './lazy-feedback.ts';

/**
 * The notice after an action that made documents: each by kind, number and status, a link to its
 * page where the person has one. It stays until closed, and a link closes it as it opens the tab.
 */
export function documentsNotice(i18n: I18nStore, navigate: (path: string) => void, title: string, docs: DocumentRef[]): void {
  const key = `documents-${Date.now()}`;
  const open = (page: string) => {
    void import('antd/es/notification').then((m) => m.default.destroy(key));
    navigate(page);
  };
  notify('success', {
    key,
    message: title,
    duration: 0,
    description: (
      <Space direction="vertical" size={4} data-testid="created-documents">
        {docs.map((d) => {
          const text = `${d.label ? i18n.label(d.label) : d.entity} ${d.number}`;
          return (
            <span key={`${d.entity}:${d.id}`} data-document={d.entity} data-document-id={d.id}>
              {d.page ? (
                <a
                  href={d.page}
                  onClick={(e) => {
                    e.preventDefault();
                    open(d.page!);
                  }}
                >
                  {text}
                </a>
              ) : (
                text
              )}
              {d.statusMeaning && <Tag style={{ marginInlineStart: 6 }}>{d.statusMeaning}</Tag>}
            </span>
          );
        })}
      </Space>
    ),
  });
}
