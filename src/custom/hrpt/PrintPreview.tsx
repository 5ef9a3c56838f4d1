import { Alert, Button, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../../renderer/runtime/services.ts';
import type { PrintView } from './print-view.ts';

/**
 * A report filled into a print layout: the template's markup comes from the server as text,
 * Mustache (logic-less, loaded with this dialog only) fills it with the viewer's formatted
 * values, DOMPurify removes anything that could run, and a sandboxed frame without scripts shows
 * it; Print prints the frame alone.
 */
export function PrintPreview({ url, view, title, onClose }: { url: string; view: PrintView; title: string; onClose(): void }) {
  const s = useServices();
  const frame = useRef<HTMLIFrameElement>(null);
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const [markup, { default: Mustache }, { default: DOMPurify }] = await Promise.all([s.request<string>(url), import('mustache'), import('dompurify')]);
      const filled = Mustache.render(String(markup), view);
      // A whole document (its <style> kept); scripts, handlers and script URLs removed.
      if (live) setHtml(DOMPurify.sanitize(filled, { WHOLE_DOCUMENT: true, ADD_TAGS: ['style'], FORBID_TAGS: ['script', 'iframe', 'object', 'embed', 'form'] }));
    })().catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [s, url, view]);
  return (
    <Modal
      open
      title={title}
      width={960}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {s.t('hzero.common.button.close', 'Close')}
        </Button>,
        <Button key="print" type="primary" disabled={!html} data-testid="hrpt-print-go" onClick={() => frame.current?.contentWindow?.print()}>
          {s.t('hrpt.viewer.print', 'Print')}
        </Button>,
      ]}
    >
      {error && <Alert type="error" showIcon title={error} />}
      {!html && !error && <Spin />}
      {html && (
        // Same origin (so Print reaches it), no scripts: what the layout holds can only be shown.
        <iframe ref={frame} title={title} data-testid="hrpt-print-frame" sandbox="allow-same-origin allow-modals" srcDoc={html} style={{ width: '100%', height: 560, border: '1px solid #d9d9d9' }} />
      )}
    </Modal>
  );
}
