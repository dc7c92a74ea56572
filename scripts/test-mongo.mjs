#!/usr/bin/env node
// `npm run test:mongo`: the storage contract suite against MongoDB. With MONGODB_URI set it uses
// that server (a replica set: Atlas, or mongod --replSet); otherwise, when `mongod` is on the
// PATH, it starts a throw-away one-member replica set on a free port, initiates it, runs the
// suite and stops it. No MongoDB server can be installed on our CI's machines (no Debian
// package; the npm "memory server" packages download mongod at run time), so CI does not run
// this: see README "MongoDB" and docs/decisions.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';

const suite = ['vitest', 'run', '--root', 'server', 'src/store/contract.test.ts'];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startReplicaSet() {
  if (spawnSync('mongod', ['--version'], { stdio: 'ignore' }).status !== 0) {
    console.error(
      'No MONGODB_URI and no mongod on the PATH: install MongoDB (a replica set) or point MONGODB_URI at one.',
    );
    process.exit(2);
  }
  const port = await freePort();
  const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-mongo-'));
  const mongod = spawn(
    'mongod',
    ['--replSet', 'rs0', '--port', String(port), '--bind_ip', '127.0.0.1', '--dbpath', dbPath],
    { stdio: 'ignore' },
  );
  const uri = `mongodb://127.0.0.1:${port}/?directConnection=true`;
  for (let attempt = 0; ; attempt++) {
    try {
      const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 1000 });
      try {
        await client.db('admin').command({
          replSetInitiate: { _id: 'rs0', members: [{ _id: 0, host: `127.0.0.1:${port}` }] },
        });
      } catch (error) {
        if (!/already initialized/i.test(String(error))) throw error;
      }
      // Transactions need a primary: wait until this member is one.
      for (;;) {
        const hello = await client.db('admin').command({ hello: 1 });
        if (hello.isWritablePrimary) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await client.close();
      break;
    } catch (error) {
      if (attempt > 60) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return {
    uri,
    stop() {
      mongod.kill('SIGTERM');
      fs.rmSync(dbPath, { recursive: true, force: true });
    },
  };
}

const server = process.env.MONGODB_URI
  ? { uri: process.env.MONGODB_URI, stop() {} }
  : await startReplicaSet();
const child = spawn('node', ['scripts/with-auth-emulator.mjs', 'npx', ...suite], {
  stdio: 'inherit',
  env: { ...process.env, MONGODB_URI: server.uri },
});
const code = await new Promise((resolve) => child.on('exit', (exitCode) => resolve(exitCode ?? 1)));
server.stop();
process.exit(code);
