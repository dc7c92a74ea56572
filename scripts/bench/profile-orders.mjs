#!/usr/bin/env node
// `npm run bench:profile`: the orders phase's load (50 buyers, 10,000 orders over 10 tools, after
// the same warm-up) against the built shop started with `--cpu-prof`, then the profile's top
// frames: where each order's CPU goes (docs/performance.md keeps them, before and after a change).
// PROFILE_DIR keeps the .cpuprofile (open it in Chrome's DevTools); PROFILE_TOP sets the length.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JWT, startShop, stop } from './shop-process.mjs';
import { ORDERS_TOTAL, WARM_UP_ORDERS, runOrders, seedOrders } from './orders.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { openStore } = await import(path.join(root, 'server/dist/store/index.js'));
const { signAccessToken } = await import(path.join(root, 'server/dist/auth/index.js'));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-profile-'));
const profileDir = process.env.PROFILE_DIR ?? path.join(dataDir, 'profile');
const top = Number(process.env.PROFILE_TOP ?? 25);

function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Who owns a frame: a package, the shop's own code (by file), Node's core, or V8 itself. */
function owner(url, functionName) {
  if (!url) return `(${functionName.replace(/[()]/g, '')})`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.includes('/server/dist/')) return `shop ${url.split('/server/dist/')[1]}`;
  return url.startsWith('node:') ? 'node core' : url;
}

function summarise(file) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const owners = new Map();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    const who = owner(url, functionName || '(anonymous)');
    const frame = `${functionName || '(anonymous)'} ${who.replace(/^shop /, '')}:${lineNumber + 1}`;
    self.set(frame, (self.get(frame) ?? 0) + dt);
    const group = who.startsWith('shop ') ? `shop ${who.split(' ')[1].split('/')[0]}/` : who;
    owners.set(group, (owners.get(group) ?? 0) + dt);
    total += dt;
  });
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, t]) => `  ${((100 * t) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  return `CPU by owner (self time):\n${list(owners)}\nTop frames (self time):\n${list(self)}`;
}

const store = await openStore({ dataDir, mongo: undefined });
const seeded = await seedOrders(store, { signAccessToken, jwt: JWT });
await store.close();
const server = await startShop(
  dataDir,
  { ORDER_RATE_LIMIT_PER_MINUTE: '100000', MAX_UNPAID_ORDERS: '1000' },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
);
const warm = { toolIds: [seeded.warmUp], tokens: seeded.tokens };
await runOrders(server.url, { ...warm, total: WARM_UP_ORDERS, stock: WARM_UP_ORDERS * 20 });
const cpu0 = cpuMs(server.child.pid);
const run = await runOrders(server.url, { toolIds: seeded.spread, tokens: seeded.tokens });
const cpu = cpuMs(server.child.pid) - cpu0;
await stop(server.child);
const [file] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
console.log(
  `${ORDERS_TOTAL} orders over 10 tools: ${run.row.rps} orders/s, p50 ${run.row.p50} ms, p99 ${run.row.p99} ms, ` +
    `${(cpu / ORDERS_TOTAL).toFixed(2)} CPU-ms per order (answers ${JSON.stringify(run.statuses)}; profiling slows it)`,
);
console.log(`The whole run, start-up and warm-up included (${path.join(profileDir, file)}):`);
console.log(summarise(path.join(profileDir, file)));
if (!process.env.PROFILE_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
