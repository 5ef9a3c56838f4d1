import type { ServerContext } from '../context.ts';
import { EVENT_TYPES, type ServerEvent } from './events.ts';

/** The NOTIFY channel every instance of one database shares. */
export const EVENT_CHANNEL = 'lowcode_events';

function parseEvent(payload: string): ServerEvent | undefined {
  try {
    const e = JSON.parse(payload) as Partial<ServerEvent>;
    if (!EVENT_TYPES.includes(e.type as ServerEvent['type']) || !Number.isInteger(e.userId) || !Number.isInteger(e.tenantId) || typeof e.payload !== 'object' || !e.payload) return undefined;
    return e as ServerEvent;
  } catch {
    return undefined;
  }
}

/**
 * With real PostgreSQL several instances may serve one database: an event published on one must
 * reach websockets held by the others. Publishing then goes through `pg_notify` and every instance
 * (this one included) delivers what it hears on its LISTEN connection. PGlite is one process, so
 * the in-process bus is enough there. Returns the function that stops listening, if any.
 */
export async function startEventRelay(ctx: ServerContext): Promise<(() => Promise<void>) | undefined> {
  if (ctx.db.kind !== 'postgres' || !ctx.db.listen) return undefined;
  const stop = await ctx.db.listen(EVENT_CHANNEL, (payload) => {
    // Anything else on the channel (a manual NOTIFY, another version) is ignored, not crashed on.
    const e = parseEvent(payload);
    if (e) ctx.events.deliver(e);
  });
  ctx.events.useChannel(async (e) => {
    await ctx.db.query('select pg_notify($1, $2)', [EVENT_CHANNEL, JSON.stringify(e)]);
  });
  return stop;
}
