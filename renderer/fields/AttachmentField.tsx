import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, List, Upload } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../runtime/services.ts';
import type { FieldProps } from '../contracts/fields.ts';
import { platformUrl } from '../data/platform-url.ts';

interface FileRow {
  fileId: number;
  fileName: string;
  fileUrl: string;
  fileSize: number;
}

const BUCKET = 'attachments';

/**
 * Attachments through the file calls of §7.3: an `attachmentUUID` groups the files of a field;
 * upload, list, download (with `access_token`) and delete by uuid and url.
 */
export default function AttachmentField({ value, onChange, disabled, mode }: FieldProps) {
  const s = useServices();
  const uuid = value ? String(value) : undefined;
  const [files, setFiles] = useState<FileRow[]>([]);
  const list = useCallback((u: string) => s.request<FileRow[]>(platformUrl(s, 'filesOfUuid', { attachmentUUID: u }), { query: { bucketName: BUCKET } }).catch(() => [] as FileRow[]), [s]);
  const refresh = async (u = uuid) => setFiles(u ? await list(u) : []);
  useEffect(() => {
    if (!uuid) return;
    let live = true;
    void list(uuid).then((f) => live && setFiles(f));
    return () => {
      live = false;
    };
  }, [list, uuid]);
  const ensureUuid = async () => {
    if (uuid) return uuid;
    const r = await s.request<{ content: string }>(platformUrl(s, 'fileUuid'), { method: 'POST' });
    onChange(r.content);
    return r.content;
  };
  const download = (f: FileRow) =>
    `${platformUrl(s, 'fileDownload')}?bucketName=${BUCKET}&url=${encodeURIComponent(f.fileUrl)}&access_token=${encodeURIComponent(s.accessToken() ?? '')}`;
  const readOnly = mode === 'view' || disabled;
  return (
    <div data-testid="attachment">
      {!readOnly && (
        <Upload
          showUploadList={false}
          customRequest={async (opt) => {
            try {
              const u = await ensureUuid();
              const fd = new FormData();
              fd.append('bucketName', BUCKET);
              fd.append('attachmentUUID', u);
              fd.append('directory', 'attachments');
              fd.append('file', opt.file as Blob);
              await s.request(platformUrl(s, 'fileUpload'), { method: 'POST', body: fd });
              await refresh(u);
              opt.onSuccess?.({});
            } catch (e) {
              opt.onError?.(e as Error);
            }
          }}
        >
          <Button icon={<UploadOutlined />}>{s.t('hzero.common.button.upload', 'Upload')}</Button>
        </Upload>
      )}
      <List
        size="small"
        dataSource={files}
        locale={{ emptyText: ' ' }}
        renderItem={(f) => (
          <List.Item
            actions={
              readOnly
                ? []
                : [
                    <Button
                      key="d"
                      size="small"
                      type="text"
                      aria-label={`delete ${f.fileName}`}
                      icon={<DeleteOutlined />}
                      onClick={async () => {
                        await s.request(platformUrl(s, 'fileDeleteByUuidUrl'), { method: 'POST', query: { bucketName: BUCKET, attachmentUUID: uuid }, body: [f.fileUrl] }).catch(() => undefined);
                        await refresh();
                      }}
                    />,
                  ]
            }
          >
            <a href={download(f)} download={f.fileName}>
              {f.fileName}
            </a>
          </List.Item>
        )}
      />
    </div>
  );
}
