import fs from 'node:fs';

// Debian's Chromium, as the browser journeys (client/e2e/playwright.config.ts) launch it.
// Nothing is downloaded: .ci/run installs the `chromium` package.
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * `npm run lighthouse`'s browser: Debian's `chromium-headless-shell` when installed (.ci/run
 * installs it), else the Chromium above. The same Blink and V8 without the full browser's window
 * and its compositor, which on a 2-core machine took a core's worth of CPU beside the page while
 * it loaded; Lighthouse counts the time the page's main thread waits for a core as phone CPU
 * (docs/journal/performance-2026-11.md, "the browser Lighthouse runs in").
 */
export const lighthouseChromiumPath =
  process.env.LIGHTHOUSE_CHROMIUM_PATH ??
  (fs.existsSync(headlessShell) ? headlessShell : chromiumPath);

/** No sandbox (CI runs as root), no GPU, and none of the background traffic a profile makes. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
