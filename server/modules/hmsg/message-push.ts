import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadAuthContext, tokenOf } from '../../auth/authenticate.ts';
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../http/errors.ts';
import { startEventRelay } from '../../events/event-relay.ts';
import { unreadCount } from './message-store.ts';

/**
 * Paths of the messaging websocket: HZERO's (its websocket starter on the platform service,
 * `/hpfm/websocket`), our earlier service path, and the bare one older front ends use.
 */
export const WEBSOCKET_PATHS = ['/hpfm/websocket', '/hmsg/v1/ws', '/websocket'];

/**
 * Pushes the bell count to the signed-in user: `{type: "message.count", tenantId,
 * unreadMessageCount}` once on connect (for the token's current tenant) and again whenever a
 * message of that user is created, read or cleared, in any tenant: the client compares `tenantId`
 * with its current one, as the original's socket message carries the tenant too. Also
 * `{type: "ui-page.changed", tenantId, pageCode, route, versionNumber}` to every user of a tenant
 * when one of its stored pages (or a site page) is published, rolled back or unpublished.
 */
export async function messagePushRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const stopRelay = await startEventRelay(ctx);
  if (stopRelay) app.addHook('onClose', stopRelay);

  await app.register(async (ws) => {
    await ws.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
    // A refused upgrade (the global sign-in check answers 401 before the plugin marks the request
    // as a websocket) would keep its socket open forever, holding up shutdown: close it once answered.
    ws.addHook('onResponse', async (req) => {
      if (req.headers.upgrade?.toLowerCase() === 'websocket') req.raw.socket?.destroy();
    });

    // `/websocket` is outside the API paths the global hook authenticates, so both paths check here.
    const authenticate = async (req: FastifyRequest) => {
      const token = tokenOf(req);
      req.auth = req.auth ?? (token ? await loadAuthContext(ctx, token) : null);
      if (!req.auth) throw new HttpError(401, 'error.unauthorized', token ? 'The access token is invalid or expired' : 'Sign-in required');
    };
    const querystring = { type: 'object', properties: { access_token: { type: 'string', maxLength: 200 } } };

    for (const url of WEBSOCKET_PATHS) {
      ws.get(url, { websocket: true, preValidation: authenticate, schema: { querystring } }, (socket, req) => {
        const auth = req.auth!;
        const send = (tenantId: number, unreadMessageCount: number) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'message.count', tenantId, unreadMessageCount }));
        };
        // Subscribed before the first query, so no change between the two is lost.
        let pushed = false;
        const off = ctx.events.subscribe((e) => {
          // Stored pages changed for the user's tenant (or the site's, for every tenant): open routes
          // reload; a document moved by its approval: its open pages reload.
          if (e.type === 'ui-page.changed' || e.type === 'record.changed') {
            if ((e.tenantId === 0 || e.tenantId === auth.tenantId) && socket.readyState === socket.OPEN) socket.send(JSON.stringify({ ...e.payload, type: e.type, tenantId: e.tenantId }));
            return;
          }
          if (e.type !== 'message.count' || e.userId !== auth.userId) return;
          if (e.tenantId === auth.tenantId) pushed = true;
          send(e.tenantId, Number(e.payload.unreadMessageCount ?? 0));
        });
        socket.on('close', off);
        // The socket only talks one way; a client's pings or stray frames are ignored.
        socket.on('message', () => undefined);
        unreadCount(ctx.db, auth.tenantId, auth.userId).then(
          (n) => {
            if (!pushed) send(auth.tenantId, n);
          },
          () => socket.close(1011, 'count unavailable'),
        );
      });
    }
  });
}
