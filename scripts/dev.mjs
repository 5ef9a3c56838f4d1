// `npm run dev`: the reference server (API on :8080) and Vite with hot reload (:5173) proxying to it.
import { spawn } from 'node:child_process';

const env = { ...process.env, PORT: process.env.PORT ?? '8080' };
const procs = [
  spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { ...env, SKIP_UI_BUILD: '1' } }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env: { ...env, API_TARGET: `http://127.0.0.1:${env.PORT}` } }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
