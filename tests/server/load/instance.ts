import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { projectRoot } from '../../../server/paths.ts';

/** A server as `npm start` runs it, in its own process so it can be killed without warning. */
export interface Instance {
  url: string;
  port: number;
  /** SIGKILL: no close, no flush; what was acknowledged must already be durable. */
  kill(): Promise<void>;
  /** A fresh process on the same port and database (after a kill). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/**
 * Starts `server/main.ts` (tsx as a loader inside the one node process, so a SIGKILL hits the
 * server itself) on PostgreSQL (`databaseUrl`) or a PGlite data directory, and waits for /health.
 * Its log goes to `logFile`.
 */
export async function startInstance(opts: { databaseUrl?: string; dataDir?: string; logFile: string; port?: number }): Promise<Instance> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    const log = createWriteStream(opts.logFile, { flags: 'a' });
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', SKIP_UI_BUILD: '1' };
    delete env.DATABASE_URL;
    if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
    if (opts.dataDir) env.DATA_DIR = opts.dataDir;
    child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'server', 'main.ts')], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log);
    child.stderr!.pipe(log);
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server on port ${port} exited (${child.exitCode}) while starting; see ${opts.logFile}`);
      try {
        if ((await fetch(`${url}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server on port ${port} did not answer /health in 180 s; see ${opts.logFile}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  await launch();
  return {
    url,
    port,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: launch,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
