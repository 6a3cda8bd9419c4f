// Runs the real `ctb` entry point as a child process (the same Node binary as the tests) and
// collects its exit code and output; `startCtb` keeps a long-running one (serve) alive.

import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../../bin/ctb.js', import.meta.url));

export interface CtbRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CtbOptions {
  input?: string | Buffer;
  env?: Record<string, string | undefined>;
}

/** Environment without the user's CTB_* settings, so a test only sees what it passes. */
function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('CTB_')) env[k] = v;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

export function startCtb(args: string[], options: CtbOptions = {}): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [BIN, ...args], { env: cleanEnv(options.env), stdio: 'pipe' });
}

export function runCtb(args: string[], options: CtbOptions = {}): Promise<CtbRun> {
  return new Promise((resolve, reject) => {
    const child = startCtb(args, options);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

/** `ctb connector serve` on a free port with this secret and data folder, once it prints its URL. */
export async function serveDemoConnector(
  secret: string,
  dataDir: string,
): Promise<{ url: string; child: ChildProcessWithoutNullStreams }> {
  const child = startCtb(['connector', 'serve', '--port', '0', '--secret', secret, '--data-dir', dataDir]);
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      text += d;
      const m = /http:\/\/127\.0\.0\.1:\d+\/service/.exec(text);
      if (m) resolve(m[0]);
    });
    child.on('exit', () => reject(new Error(`connector serve exited: ${text}`)));
  });
  return { url, child };
}
