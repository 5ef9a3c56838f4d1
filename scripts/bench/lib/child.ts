import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** Runs a TypeScript file with the repo's tsx in a child process; resolves with its stdout. */
export function runTsx(repoRoot: string, file: string, args: string[], env: Record<string, string> = {}, onStderr?: (s: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), file, ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      onStderr?.(d.toString());
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} exited with ${code}: ${err.slice(-2000)}`))));
  });
}
