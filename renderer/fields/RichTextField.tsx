import { Input } from 'antd';
import type { FieldProps } from './types.ts';

/** Strips markup to a safe subset for read-only display: no scripts, no handlers, no styles. */
export function sanitise(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|embed)[\s\S]*?<\/\1>/gi, '')
    .replace(/<(?!\/?(p|br|b|strong|i|em|u|ul|ol|li|h[1-6]|span|div|a|table|tr|td|th|thead|tbody)\b)[^>]*>/gi, '')
    .replace(/\son\w+="[^"]*"/gi, '')
    .replace(/\son\w+='[^']*'/gi, '')
    .replace(/\s(style|href)=("|')\s*javascript:[^"']*\2/gi, '');
}

/** Rich text: rendered read-only from sanitised HTML; edited as HTML source. */
export default function RichTextField({ value, onChange, disabled, id, mode }: FieldProps) {
  if (mode === 'view' || disabled) return <div className="rich-text" dangerouslySetInnerHTML={{ __html: sanitise(String(value ?? '')) }} />;
  return <Input.TextArea id={id} autoSize={{ minRows: 4, maxRows: 16 }} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
}
