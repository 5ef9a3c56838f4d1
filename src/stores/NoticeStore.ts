import { makeAutoObservable, runInAction } from 'mobx';
import { badgeText } from '../config/constants.ts';
import { API_HOST, WEBSOCKET_PATH } from '../config/env.ts';
import { fetchUnreadCount, fetchUnreadPreview } from '../services/platform-api.ts';

export interface Notice {
  id: string | number;
  type: string;
  title: string;
  description?: string;
  datetime?: string;
}

/**
 * Unread messages (§3 notices, count): the badge count from `messages/user/count`, unread
 * previews (`readFlag=0`), and pushes over the messaging websocket.
 */
export class NoticeStore {
  count = 0;
  notices: Notice[] = [];
  private socket: WebSocket | undefined;
  private listeners = new Set<(msg: { type?: string } & Record<string, unknown>) => void>();

  constructor() {
    makeAutoObservable<NoticeStore, 'socket' | 'listeners'>(this, { socket: false, listeners: false }, { autoBind: true });
  }

  /** Other pushes on the same socket (stored pages changed: src/routes/stored-routes.ts). */
  onPush(fn: (msg: { type?: string } & Record<string, unknown>) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get badge(): string {
    return badgeText(this.count);
  }

  setCount(n: number): void {
    this.count = Math.max(0, n);
  }

  async refresh(tenantId: number): Promise<void> {
    const [c, list] = await Promise.all([fetchUnreadCount(tenantId).catch(() => undefined), fetchUnreadPreview(tenantId).catch(() => [])]);
    runInAction(() => {
      // As the original: only a numeric count updates the badge.
      if (typeof c?.unreadMessageCount === 'number') this.count = c.unreadMessageCount;
      this.notices = (list ?? []).map((m) => ({
        id: (m.userMessageId as number) ?? String(m.subject),
        type: String(m.userMessageTypeCode ?? m.messageCategoryCode ?? 'MSG'),
        title: String(m.subject ?? ''),
        description: m.content ? String(m.content).replace(/<[^>]+>/g, '').slice(0, 120) : undefined,
        datetime: m.creationDate ? String(m.creationDate) : undefined,
      }));
    });
  }

  /** §4: clearing notices of a type removes them and sets the count to the number remaining. */
  clearType(type: string): void {
    this.notices = this.notices.filter((n) => n.type !== type);
    this.count = this.notices.length;
  }

  /** Server pushes of the unread count; reconnects with backoff while signed in. */
  connect(token: string, tenantId: number, retry = 1000): void {
    if (typeof WebSocket === 'undefined') return;
    // The gateway's host when the API is elsewhere (VITE_API_HOST), this page's otherwise.
    const origin = new URL(API_HOST || location.origin, location.href);
    const proto = origin.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${origin.host}${WEBSOCKET_PATH}?access_token=${encodeURIComponent(token)}`);
    this.socket = ws;
    ws.onmessage = (ev) => {
      try {
        const msg = JSON.parse(String(ev.data)) as { type?: string; unreadMessageCount?: number };
        if (msg.type === 'message.count' && typeof msg.unreadMessageCount === 'number') {
          this.setCount(msg.unreadMessageCount);
          void this.refresh(tenantId);
        } else for (const l of this.listeners) l(msg);
      } catch {
        /* ignore malformed pushes */
      }
    };
    ws.onclose = () => {
      if (this.socket === ws) setTimeout(() => this.socket === ws && this.connect(token, tenantId, Math.min(retry * 2, 30000)), retry);
    };
  }

  disconnect(): void {
    const s = this.socket;
    this.socket = undefined;
    s?.close();
  }
}
