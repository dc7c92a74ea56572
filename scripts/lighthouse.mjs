#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse 12 (mobile, its default form factor and throttling) on the
// home page, the purchase page of a seeded tool, the catalogue (/tools), that tool's page, and the
// signed-in customer's cart and checkout (one line), against a shop this script starts on a free
// port with a throw-away data folder. The purchase page needs a signed-in customer: the demo
// customer signs in once through playwright-core in a Chromium profile folder, and Lighthouse
// then runs in that same profile. Every run starts cold (Lighthouse's reset empties the HTTP
// cache); the signed-in pages keep the Firebase session (IndexedDB) and the access token
// (localStorage), which that reset leaves, and are measured first; the visitor's pages (home,
// the catalogue, a tool's page) then clear all of the origin's storage, so they are measured
// signed out, as a first-time visitor opens them. Each page is measured LIGHTHOUSE_RUNS
// times (default 3); the median run's scores are printed and checked, and its HTML and JSON
// reports written to test-results/lighthouse/. Exits 1 below the targets (performance only
// warns with LIGHTHOUSE_PERFORMANCE=advisory).
//
// CPU: Lighthouse's 4x slowdown assumes a fast desktop host (benchmarkIndex ~1500). On a slower
// or busy machine it emulates a far slower phone than intended, so the slowdown is calibrated
// with the table Lighthouse's throttling docs point to (lighthouse-cpu-throttling-calculator),
// never above 4x. Each run measures the host (benchmarkIndex) as it starts, and a shared
// machine's speed drifts by 2x within a minute, so each run is calibrated from the median of
// the measurements so far (a warm-up's, then every run's).
// The browser is Debian's chromium-headless-shell where installed (scripts/chromium.mjs). The
// table's last column is the median run's main-thread time: its tasks by the clock against
// their CPU time; the gap is time the page waited for a core, which Lighthouse counts as phone CPU.
// The column before it gives the median run's first paint, largest paint and blocking time.
// LIGHTHOUSE_THROTTLING=devtools measures the pages under real network and CPU throttling (Chrome
// slowed down, the paints as observed) rather than Lighthouse's simulation from a fast load
// (its default, 'simulate', which the targets are set for): a check on what the simulation infers.
// LIGHTHOUSE_CPU_MULTIPLIER=4 forces the default. LIGHTHOUSE_PAGES=home,purchase,tools,tool,cart,
// checkout picks the pages (all six by default).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { chromiumFlags, lighthouseChromiumPath } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results', 'lighthouse');
const chromePath = lighthouseChromiumPath;
const chromeFlags = ['--headless=new', ...chromiumFlags];
// Scores move between runs of the same page; like Lighthouse CI, each page is measured several
// times (LIGHTHOUSE_RUNS, default 3) and the median run is reported and checked.
const runs = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS) || 3));
// Issue 27 asks 0.95 performance (the median of three) on every page measured.
const targets = { performance: 0.95, accessibility: 0.95, 'best-practices': 0.95 };
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const throttlingMethod = process.env.LIGHTHOUSE_THROTTLING ?? 'simulate';
if (!['simulate', 'devtools'].includes(throttlingMethod))
  throw new Error(`LIGHTHOUSE_THROTTLING is 'simulate' or 'devtools', not '${throttlingMethod}'`);
const customer = { email: 'customer@toolworks.test', password: 'Customer123!' };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function buildIfMissing() {
  if (
    fs.existsSync(path.join(root, 'client/dist/index.html')) &&
    fs.existsSync(path.join(root, 'server/dist/start.js'))
  )
    return;
  console.log('No build found: running npm run build...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function startShop(port, dataDir) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('The shop exited before it was ready');
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { stop: () => (child.exitCode === null && child.kill('SIGTERM'), exited) };
    await sleep(500);
  }
  child.kill('SIGTERM');
  throw new Error('The shop did not answer /api/health within 120 s');
}

/**
 * Signs the demo customer in (the session stays in the profile folder) and puts `tool` in their
 * cart at its minimum, so that the cart and checkout pages have a line to show.
 */
async function signInCustomer(base, profileDir, tool) {
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath,
    headless: true,
    args: chromeFlags.filter((flag) => flag !== '--headless=new'),
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForFunction(() => globalThis.localStorage.getItem('accessToken') !== null);
    const status = await page.evaluate(async ({ _id, MinimumOrderQuantity }) => {
      const response = await fetch(`/api/cart/${_id}`, {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${globalThis.localStorage.getItem('accessToken')}`,
        },
        body: JSON.stringify({ quantity: MinimumOrderQuantity }),
      });
      return response.status;
    }, tool);
    if (status !== 200) throw new Error(`Could not fill the customer's cart: ${status}`);
  } finally {
    await context.close();
  }
}

function medianOf(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Lighthouse's calibration: benchmarkIndex 150 = 1x, 800 = 2x, 1300 = 3x, 1533 = 4x. */
function cpuMultiplierFor(benchmarkIndex) {
  const forced = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER);
  if (forced > 0) return forced;
  let multiplier;
  if (benchmarkIndex >= 1300) multiplier = 3 + (benchmarkIndex - 1300) / 233;
  else if (benchmarkIndex >= 800) multiplier = 2 + (benchmarkIndex - 800) / 500;
  else multiplier = 1 + (benchmarkIndex - 150) / 650;
  return Math.round(Math.min(4, Math.max(1, multiplier)) * 10) / 10;
}

/**
 * How long the page's main thread ran tasks during the measured load, and how much of that it
 * spent on a CPU (the trace's thread time). Lantern simulates a phone from each task's length by
 * the clock, times the slowdown: time a task spent waiting for one of this machine's shared
 * cores (the browser's software compositor, Lighthouse itself and the shop run beside it) is
 * counted as phone CPU too. A low share means the run measured the host as much as the page.
 */
function mainThreadTime(trace) {
  const events = trace?.traceEvents ?? [];
  const start = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  if (!start) return undefined;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.pid === start.pid && e.args?.name === 'CrRendererMain',
  );
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        e.pid === start.pid &&
        e.tid === main?.tid &&
        e.ts >= start.ts &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
    )
    .sort((a, b) => a.ts - b.ts);
  let wallUs = 0;
  let cpuUs = 0;
  let end = 0;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the task before
    end = task.ts + task.dur;
    wallUs += task.dur;
    cpuUs += task.tdur ?? task.dur;
  }
  return { wallMs: Math.round(wallUs / 1000), cpuMs: Math.round(cpuUs / 1000) };
}

async function audit(
  port,
  url,
  { name, storage = 'signed-in', cpu = throttling.mobileSlow4G.cpuSlowdownMultiplier },
) {
  // LIGHTHOUSE_ARTIFACTS=dir keeps each page's trace and artifacts (dir/<page>/) for a closer look.
  const artifacts = name && process.env.LIGHTHOUSE_ARTIFACTS;
  const keep = artifacts ? path.resolve(artifacts, name) : undefined;
  const {
    lhr,
    report,
    artifacts: gathered,
  } = await lighthouse(url, {
    ...(keep ? { gatherMode: keep, auditMode: keep } : {}),
    port,
    output: ['html', 'json'],
    logLevel: 'error',
    onlyCategories: categories,
    // 'keep': nothing reset (the warm-up). 'signed-in': Lighthouse's own reset, which empties the
    // HTTP cache but leaves localStorage and IndexedDB. 'visitor': every kind of storage too.
    disableStorageReset: storage === 'keep',
    ...(storage === 'visitor' && { clearStorageTypes: ['all'] }),
    throttlingMethod,
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu },
  });
  return { lhr, report, mainThread: mainThreadTime(gathered?.Trace) };
}

buildIfMissing();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-lighthouse-'));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolworks-lighthouse-profile-'));
const port = await freePort();
const base = `http://localhost:${port}`;
const shop = await startShop(port, dataDir);
let chrome;
let cpu;
const rows = [];
try {
  const tools = await (await fetch(`${base}/api/tools`)).json();
  const tool = tools.find((t) => t.availableQuantity >= t.MinimumOrderQuantity);
  const toolId = tool?._id;
  if (!toolId) throw new Error('The seeded catalogue has no tool in stock');
  await signInCustomer(base, profileDir, tool);
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags, userDataDir: profileDir });
  fs.mkdirSync(reports, { recursive: true });
  // Warm-up: measures the host's CPU (and fills the server's gzip cache).
  const warmUp = await audit(chrome.port, `${base}/`, { storage: 'keep' });
  const benchmarkIndex = Math.round(warmUp.lhr.environment.benchmarkIndex);
  const measured = [benchmarkIndex];
  cpu = cpuMultiplierFor(benchmarkIndex);
  const browser = /(?:Headless)?Chrome\/[\d.]+/.exec(warmUp.lhr.environment.hostUserAgent)?.[0];
  console.log(`Browser: ${chromePath} (${browser ?? 'unknown version'})`);
  console.log(`Throttling: ${throttlingMethod}`);
  console.log(`Warm-up: host benchmarkIndex ${benchmarkIndex}, CPU slowdown ${cpu}x (default 4x)`);
  // The signed-in pages first: a visitor's run clears the session.
  const pages = [
    { name: 'purchase', url: `${base}/purchase/${toolId}` },
    // The signed-in customer's cart (one line) and its checkout.
    { name: 'cart', url: `${base}/cart` },
    { name: 'checkout', url: `${base}/checkout` },
    // Home, the catalogue and a tool's public page, as a first-time visitor opens them.
    { name: 'home', url: `${base}/`, storage: 'visitor' },
    { name: 'tools', url: `${base}/tools`, storage: 'visitor' },
    { name: 'tool', url: `${base}/tool/${toolId}`, storage: 'visitor' },
  ];
  // LIGHTHOUSE_PAGES=tools,tool measures only those pages (a shorter run while tuning one page).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  for (const page of pages.filter((p) => !only?.length || only.includes(p.name))) {
    const results = [];
    for (let run = 1; run <= runs; run += 1) {
      const name = runs > 1 ? `${page.name}-${run}` : page.name;
      const result = await audit(chrome.port, page.url, { ...page, name, cpu });
      result.cpu = cpu;
      measured.push(result.lhr.environment.benchmarkIndex);
      cpu = cpuMultiplierFor(medianOf(measured));
      const finalUrl = new URL(result.lhr.finalDisplayedUrl).pathname;
      // A lost session would quietly measure the login page instead.
      if (!finalUrl.startsWith(new URL(page.url).pathname)) {
        throw new Error(`${page.name}: Lighthouse ended on ${finalUrl}, not ${page.url}`);
      }
      results.push(result);
    }
    // The median run by performance score (the lower middle one for an even count).
    const performanceOf = ({ lhr }) => lhr.categories.performance?.score ?? 0;
    results.sort((a, b) => performanceOf(a) - performanceOf(b));
    const median = results[Math.floor((results.length - 1) / 2)];
    const { lhr, report } = median;
    fs.writeFileSync(path.join(reports, `${page.name}.html`), report[0]);
    fs.writeFileSync(path.join(reports, `${page.name}.json`), report[1]);
    const scores = Object.fromEntries(categories.map((id) => [id, lhr.categories[id]?.score ?? 0]));
    rows.push({
      page: page.name,
      cpu: `${median.cpu}x`,
      ...scores,
      'performance (slowdown), each run': results
        .map((result) => `${performanceOf(result)} (${result.cpu}x)`)
        .join(' '),
      'FCP / LCP / TBT ms': [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
      ]
        .map((id) => Math.round(lhr.audits[id]?.numericValue ?? NaN))
        .join(' / '),
      'main thread: tasks / CPU ms': median.mainThread
        ? `${median.mainThread.wallMs} / ${median.mainThread.cpuMs}`
        : 'n/a',
    });
  }
} finally {
  await chrome?.kill();
  await shop.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.table(rows);
const below = rows.flatMap((row) =>
  Object.entries(targets)
    .filter(([id, min]) => row[id] < min)
    .map(([id, min]) => ({ id, text: `${row.page}: ${id} ${row[id]} < ${min}` })),
);
// CI sets LIGHTHOUSE_PERFORMANCE=advisory: the performance score moves with the load of a shared
// machine, so there it is reported, while accessibility and best practices still fail the run.
const advisory = process.env.LIGHTHOUSE_PERFORMANCE === 'advisory';
const warnings = below.filter((b) => advisory && b.id === 'performance').map((b) => b.text);
const failures = below.filter((b) => !(advisory && b.id === 'performance')).map((b) => b.text);
console.log(`Reports: ${path.relative(root, reports)}/<page>.{html,json}`);
if (warnings.length) console.warn(`Below target (advisory):\n  ${warnings.join('\n  ')}`);
if (failures.length) {
  console.error(`Below target:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  warnings.length ? 'The gated scores meet the targets.' : 'All scores meet the targets.',
);
