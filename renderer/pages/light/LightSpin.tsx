import type { CSSProperties } from 'react';
import './light.css';

/**
 * A loading ring in plain markup and CSS, for what shows before the first screen (the shell's tab
 * while stored pages are looked up, the header's lazily loaded parts): antd's Spin would add its
 * chunk to the JavaScript every sign-in waits for.
 */
export function LightSpin({ label, size = 'default', style }: { label: string; size?: 'small' | 'default'; style?: CSSProperties }) {
  return <span role="status" aria-label={label} className={`light-spin light-spin-${size}`} style={style} />;
}
