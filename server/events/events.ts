import { EventEmitter } from 'node:events';

/** Every kind of event; the PostgreSQL relay delivers only these. */
export const EVENT_TYPES = ['message.count', 'ui-page.changed', 'record.changed'] as const;

export interface ServerEvent {
  /** `record.changed`: a document moved without its viewers acting (an approval: {entity, id}). `ui-page.changed`: a stored page was published, rolled back or unpublished (userId 0: every user of the tenant; tenant 0: every tenant). */
  type: (typeof EVENT_TYPES)[number];
  userId: number;
  tenantId: number;
  payload: Record<string, unknown>;
}

/**
 * In-process fan-out of events to websocket clients. With PostgreSQL, `listen()` relays
 * events through LISTEN/NOTIFY so that every instance behind a load balancer pushes them.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  private publisher?: (e: ServerEvent) => Promise<void>;

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  /** Replaces local delivery by a cross-instance channel that calls `deliver` on each instance. */
  useChannel(publish: (e: ServerEvent) => Promise<void>): void {
    this.publisher = publish;
  }

  async publish(e: ServerEvent): Promise<void> {
    if (this.publisher) await this.publisher(e);
    else this.deliver(e);
  }

  deliver(e: ServerEvent): void {
    this.emitter.emit('event', e);
  }

  subscribe(fn: (e: ServerEvent) => void): () => void {
    this.emitter.on('event', fn);
    return () => this.emitter.off('event', fn);
  }
}
