// The built server as a child process for the bench phases: started on a free port with the
// bench's settings, stopped with SIGTERM.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The orders phase signs its buyers' access tokens itself, so it must match the server's.
export const JWT_SECRET = 'b'.repeat(48);
export const JWT = { secret: JWT_SECRET, ttlSeconds: 3600 };

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export async function startShop(dataDir, extraEnv = {}, { nodeArgs = [] } = {}) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, path.join(root, 'server/dist/start.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        JWT_SECRET,
        FIREBASE_PROJECT_ID: 'bench-project',
        ADMIN_EMAILS: 'bench-admin@toolworks.example',
        PAYMENTS_TEST_MODE: 'true',
        SELLER_TAX_ID: '12-3456789',
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

export function stop(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
