import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';

/** §4's health mapping: 1 normal, -1 abnormal, anything else not monitored. */
export type Health = 1 | -1 | 0;

/**
 * The health of a service record. Only a path on this server itself (`/health`) is checked, for
 * real: over HTTP at the address the server listens on, or in-process when it does not listen
 * (tests). Other addresses are records of someone else's cluster and stay "not monitored".
 */
export async function checkHealth(app: FastifyInstance, healthUrl: unknown): Promise<Health> {
  const path = typeof healthUrl === 'string' ? healthUrl.trim() : '';
  if (!path.startsWith('/') || path.startsWith('//')) return 0;
  try {
    const addr = app.server.address() as AddressInfo | string | null;
    if (addr && typeof addr === 'object') {
      const host = addr.family === 'IPv6' ? `[${addr.address === '::' ? '::1' : addr.address}]` : addr.address === '0.0.0.0' ? '127.0.0.1' : addr.address;
      const res = await fetch(`http://${host}:${addr.port}${path}`, { signal: AbortSignal.timeout(3000), redirect: 'manual' });
      return res.ok && (await isUp(res.text())) ? 1 : -1;
    }
    const res = await app.inject({ method: 'GET', url: path });
    return res.statusCode >= 200 && res.statusCode < 300 && (await isUp(Promise.resolve(res.body))) ? 1 : -1;
  } catch {
    return -1;
  }
}

/**
 * Normal only for a health answer saying so (`{"status": "UP"}`): a page that merely exists (the
 * app's HTML for an unknown path) or `{"status": "DOWN"}` is abnormal even with a 200.
 */
async function isUp(text: Promise<string>): Promise<boolean> {
  try {
    const v = JSON.parse(await text) as { status?: unknown } | null;
    return String(v?.status ?? '').toUpperCase() === 'UP';
  } catch {
    return false;
  }
}
