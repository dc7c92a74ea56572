import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server as a separate process (`node --import tsx src/start.ts`), so a test can
 * SIGKILL or SIGTERM it exactly as an operator or an orchestrator would.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const JWT_SECRET = 'durability-test-secret-0123456789abcdef';

export interface ChildServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Resolves with the exit code (null when killed by a signal) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function isHealthy(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { headers: { connection: 'close' } });
    return res.ok;
  } catch {
    return false;
  }
}

// The contract package from its TypeScript source, as vitest and `npm run dev` read it: no build.
const START_ARGS = ['--conditions=@toolworks/source', '--import', 'tsx', 'src/start.ts'];

function spawnServer(dataDir: string, port: number, env: Record<string, string>): ChildServer {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CLIENT_DIST: path.join(dataDir, 'no-client'),
      SEED_DEMO_DATA: 'false',
      JWT_SECRET,
      ORDER_RATE_LIMIT_PER_MINUTE: '100000',
      // The load places many orders per buyer; the unpaid cap has its own tests.
      MAX_UNPAID_ORDERS: '1000',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '',
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, port, baseUrl: `http://127.0.0.1:${port}`, exited, stderr: () => stderr };
}

/**
 * Starts the server on `dataDir` and resolves once `/api/health` answers. `env` adds to or
 * overrides the settings above (several instances on one file use it for their limits).
 */
export async function startChildServer(
  dataDir: string,
  timeoutMs = 30_000,
  env: Record<string, string> = {},
): Promise<ChildServer> {
  // The free port is picked before the child binds it; if another process takes it meanwhile
  // the child exits at once saying so, and a fresh port is tried.
  for (let attempt = 0; attempt < 3; attempt++) {
    const server = spawnServer(dataDir, await freePort(), env);
    let exitedEarly = false;
    void server.exited.then(() => (exitedEarly = true));
    const deadline = Date.now() + timeoutMs;
    while (!exitedEarly && Date.now() < deadline) {
      if (await isHealthy(server.baseUrl)) return server;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!exitedEarly) {
      server.child.kill('SIGKILL');
      throw new Error(`The server did not become healthy in ${timeoutMs} ms:\n${server.stderr()}`);
    }
    if (!/already in use/.test(server.stderr())) {
      throw new Error(`The server exited while starting:\n${server.stderr()}`);
    }
  }
  throw new Error('No free port found for the server');
}

/** Stops a child that may still be running (test cleanup); waits for it to be gone. */
export async function stopChildServer(server: ChildServer | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
