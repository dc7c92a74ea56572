// Debian's Chromium, as the browser journeys (client/e2e/playwright.config.ts) and
// `npm run lighthouse` launch it. Nothing is downloaded: .ci/run installs the `chromium` package.
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

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
