import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startServer, type RunningServer } from './start.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let tmp: string;
let running: RunningServer | undefined;

const configFor = (port = '0') =>
  loadConfig({
    NODE_ENV: 'test',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: path.join(tmp, 'data'),
    CLIENT_DIST: path.join(tmp, 'dist'),
  });

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'toolworks-start-'));
});
afterEach(async () => {
  await running?.close();
  running = undefined;
  await fs.rm(tmp, { recursive: true, force: true });
});

/** Sends the headers and half a body now; the returned function sends the rest and reads the answer. */
function startSlowRequest(port: number) {
  const body = JSON.stringify({ review: 'slow but steady', ratings: 5 });
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/slow-upload',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; text: string; connection?: string }>(
    (resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }),
        );
      });
      req.on('error', reject);
    },
  );
  req.write(body.slice(0, 10));
  return () => {
    req.end(body.slice(10));
    return answer;
  };
}

describe('startServer', () => {
  it('when started on port 0 with seeding, then it serves the API and the demo catalogue', async () => {
    running = await startServer({ ...configFor(), seedDemoData: true });
    expect(running.url).toBe(`http://localhost:${running.port}`);
    const health = await fetch(`http://127.0.0.1:${running.port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const tools = await fetch(`http://127.0.0.1:${running.port}/api/tools`);
    expect(((await tools.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  it('when closed during a slow request, then it refuses new ones but finishes the open one', async () => {
    running = await startServer(configFor());
    const { port, server } = running;
    // The server has the request (headers parsed, body still coming) before it is asked to close.
    const received = once(server, 'request');
    const finish = startSlowRequest(port);
    await received;

    let closed = false;
    const closing = running.close().then(() => (closed = true));
    // close() stops listening at once; only the open request keeps it from finishing.
    expect(server.listening).toBe(false);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    expect(closed).toBe(false);

    const answer = await finish();
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text).error.code).toBe('NOT_FOUND');
    // The keep-alive client is told not to reuse the connection that is closing.
    expect(answer.connection).toBe('close');
    await closing;
    expect(closed).toBe(true);
    running = undefined;
  });

  it('when a client trickles its body, then it is answered 408 and dropped once REQUEST_TIMEOUT_MS passes', async () => {
    running = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: path.join(tmp, 'data'),
        CLIENT_DIST: path.join(tmp, 'dist'),
        REQUEST_TIMEOUT_MS: '1500',
        HEADERS_TIMEOUT_MS: '1000',
      }),
    );
    const started = Date.now();
    // Sends the headers and 5 bytes of a 100-byte body, then never the rest.
    const socketClosed = new Promise<{ status: string }>((resolve) => {
      const socket = net.connect(running!.port, '127.0.0.1', () => {
        socket.write(
          'POST /api/addReview HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"rev',
        );
      });
      let text = '';
      socket.setEncoding('utf8').on('data', (c: string) => (text += c));
      socket.on('close', () => resolve({ status: text.split('\r\n')[0] ?? '' }));
    });

    const { status } = await socketClosed;
    const took = Date.now() - started;
    expect(status).toBe('HTTP/1.1 408 Request Timeout');
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(4000);
  });

  it('when HOST is not set outside production, then it listens on 127.0.0.1 only', async () => {
    running = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        DATA_DIR: path.join(tmp, 'data'),
        CLIENT_DIST: path.join(tmp, 'dist'),
      }),
    );
    const interfaces = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal);
    for (const address of interfaces) {
      await expect(
        fetch(`http://${address!.address}:${running.port}/api/health`),
      ).rejects.toThrow();
    }
    expect((await fetch(`http://127.0.0.1:${running.port}/api/health`)).status).toBe(200);
  });

  it('when the port is taken, then it fails saying so', async () => {
    running = await startServer(configFor());
    await expect(startServer(configFor(String(running.port)))).rejects.toThrow(/already in use/);
  });
});

// The contract package from its TypeScript source, as vitest and `npm run dev` read it: no build.
const START_ARGS = ['--conditions=@toolworks/source', '--import', 'tsx', 'src/start.ts'];

function runCli(env: Record<string, string>) {
  const child = spawn(process.execPath, START_ARGS, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Resolves once stdout contains `text` (or rejects if the process exits first). */
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!stdout.includes(text)) return;
        child.stdout.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before printing ${text}: ${stderr}`)));
      check();
    });
  return { child, exited, printed, output: () => ({ stdout, stderr }) };
}

describe('the start.ts command', () => {
  it('when the configuration is invalid, then it prints the problem plainly and exits 1', async () => {
    const cli = runCli({ NODE_ENV: 'test', PORT: 'not-a-port' });
    expect(await cli.exited).toBe(1);
    expect(cli.output().stderr).toMatch(/^Invalid configuration:\n {2}- PORT: /);
  });

  it('when it gets SIGTERM, then it shuts down cleanly with exit code 0', async () => {
    const cli = runCli({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      CLIENT_DIST: path.join(tmp, 'dist'),
      SEED_DEMO_DATA: 'false',
    });
    await cli.printed('is running at');
    expect(cli.output().stdout).toMatch(/Toolworks is running at http:\/\/localhost:\d+/);
    cli.child.kill('SIGTERM');
    expect(await cli.exited).toBe(0);
  });
});

describe('the V8 flags the server starts with', () => {
  it('when the server is started by npm start, the bench, the server workspace or Docker, then the flags are the same', async () => {
    const root = path.resolve(serverDir, '..');
    const { SERVER_NODE_FLAGS } = (await import(path.join(root, 'scripts/server-flags.mjs'))) as {
      SERVER_NODE_FLAGS: string[];
    };
    const pkg = JSON.parse(await fs.readFile(path.join(serverDir, 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const dockerCmd = /^CMD (\[.*\])$/m.exec(
      await fs.readFile(path.join(root, 'Dockerfile'), 'utf8'),
    );

    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/start.js`);
    expect(JSON.parse(dockerCmd![1]!)).toEqual([
      'node',
      ...SERVER_NODE_FLAGS,
      'server/dist/start.js',
    ]);
  });
});
