import { createServer, request, type IncomingMessage, type Server } from 'node:http';

/**
 * A round-robin HTTP proxy on loopback in front of several server instances, as a load balancer
 * with passive health checks would be. A backend that refuses the connection is skipped for a
 * few seconds and the call goes to the next one: the request never reached it, so any call may be
 * retried. A connection that breaks after the request was sent is retried only for reads (GET,
 * HEAD); a write may have been applied, so its client gets a 502 and decides (as nginx does by
 * default for non-idempotent requests).
 */
export interface Proxy {
  url: string;
  /** Calls that went to another backend because theirs was down. */
  failovers: number;
  close(): Promise<void>;
}

const SKIP_MS = 2000;

export async function startProxy(backends: string[]): Promise<Proxy> {
  const downUntil = new Map<string, number>();
  let next = 0;
  const state = { failovers: 0 };
  const pick = (tried: Set<string>) => {
    for (let i = 0; i < backends.length; i++) {
      const b = backends[(next + i) % backends.length]!;
      if (!tried.has(b) && (downUntil.get(b) ?? 0) <= Date.now()) {
        next = (next + i + 1) % backends.length;
        return b;
      }
    }
    return backends.find((b) => !tried.has(b));
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<string>();
      const attempt = () => {
        const backend = pick(tried);
        if (!backend) {
          res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ failed: true, message: 'no backend answered' }));
          return;
        }
        tried.add(backend);
        let sent = false;
        const out = request(`${backend}${req.url}`, { method: req.method, headers: req.headers }, (answer: IncomingMessage) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        // A reused keep-alive socket is connected already: whatever is written on it may arrive.
        out.on('socket', (s) => (s.connecting ? s.once('connect', () => (sent = true)) : (sent = true)));
        out.on('error', (err: NodeJS.ErrnoException) => {
          if (res.headersSent) return void res.destroy(err);
          const safe = !sent || req.method === 'GET' || req.method === 'HEAD';
          if (!sent) downUntil.set(backend, Date.now() + SKIP_MS);
          if (safe && tried.size < backends.length) {
            state.failovers++;
            attempt();
          } else res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ failed: true, message: `backend failed: ${err.code ?? err.message}` }));
        });
        out.end(body);
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get failovers() {
      return state.failovers;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
