// A real server of a test's own, which the test may stop and start again (the offline flows cut
// the server, not only the browser's network). It runs the binary and built app that
// scripts/lib/e2e.sh built (POS_E2E_SERVER_BIN, POS_E2E_WEB_DIR) with POS_DEMO=1, on its own
// port and SQLite file; the database survives a restart, as a shop's would.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const serverBin = process.env.POS_E2E_SERVER_BIN;
const webDir = process.env.POS_E2E_WEB_DIR;

/** A free loopback port, kept for the server's whole life (restarts reuse it: the page's origin). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOwnServer() {
  if (!serverBin || !webDir) throw new Error('POS_E2E_SERVER_BIN and POS_E2E_WEB_DIR are set by scripts/lib/e2e.sh');
  const data = await mkdtemp(join(tmpdir(), 'pos-e2e-own-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATABASE_URL: `sqlite://${join(data, 'shop.db')}`,
    POS_LISTEN: `127.0.0.1:${port}`,
    POS_WEB_DIR: webDir,
    POS_DEMO: '1',
    POS_PUBLIC_URL: baseUrl,
    POS_MAIL_OUTBOX: join(data, 'outbox'),
  };
  let child = null;
  let log = '';

  async function start() {
    child = spawn(serverBin, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    for (let tries = 0; tries < 240; tries += 1) {
      if (child.exitCode !== null) throw new Error(`the server stopped while starting:\n${log}`);
      try {
        if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await pause(250);
    }
    throw new Error(`the server did not start:\n${log}`);
  }

  /** Stops the process (SIGTERM, or SIGKILL for a crash) and waits for it to be gone. */
  async function stop(signal = 'SIGTERM') {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }

  await start();
  return {
    baseUrl,
    url: (path) => new URL(path, baseUrl).href,
    log: () => log,
    stop,
    restart: start,
    async dispose() {
      await stop();
      await rm(data, { recursive: true, force: true });
    },
  };
}
