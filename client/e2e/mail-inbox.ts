import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { SCREENS_DIR } from './fixtures';

// The local inbox of the shop under test: the MailDev that scripts/start.mjs runs (ports from
// playwright.config.ts), read through its REST API, and what a journey does with a message:
// find it, screenshot its HTML, open its PDF.
const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? 1080}/api`;

export interface InboxMail {
  id: string;
  subject: string;
  to: { address: string; name?: string }[];
  text?: string;
  html?: string;
  attachments?: { filename?: string; generatedFileName?: string; contentType: string }[];
}

/** Waits (the sender polls the outbox) for the one message that `match` picks. */
export async function waitForMail(match: (mail: InboxMail) => boolean): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${inbox}/email`);
        found = ((await res.json()) as InboxMail[]).find(match);
        return Boolean(found);
      },
      { timeout: 30_000, message: 'the email did not reach the local inbox' },
    )
    .toBe(true);
  return found as InboxMail;
}

export const sentTo = (mail: InboxMail, address: string) =>
  mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase());

/** An attachment's bytes, as the inbox serves them. */
export async function attachment(mail: InboxMail, name: string): Promise<Buffer> {
  const res = await fetch(`${inbox}/email/${mail.id}/attachment/${encodeURIComponent(name)}`);
  expect(res.ok).toBe(true);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * The message's HTML as a mail client shows it, at a desktop client's 600 px and a phone's
 * 375 px: `email-<name>-<width>.png` in test-results/screens/.
 */
export async function shootMail(page: Page, mail: InboxMail, name: string) {
  const res = await fetch(`${inbox}/email/${mail.id}/html`);
  expect(res.ok).toBe(true);
  const html = await res.text();
  const view = await page.context().newPage();
  try {
    for (const width of [600, 375]) {
      await view.setViewportSize({ width, height: 800 });
      await view.setContent(html, { waitUntil: 'load' });
      await view.screenshot({
        path: path.join(SCREENS_DIR, `email-${name}-${width}.png`),
        fullPage: true,
      });
    }
  } finally {
    await view.close();
  }
}

/** The text of a PDF, as a reader would copy it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** Page 1 of the PDF as `<name>.png` with poppler's pdftoppm; skipped, saying so, without it. */
export function shootPdf(pdfFile: string, name: string): void {
  try {
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '80',
      '-singlefile',
      pdfFile,
      path.join(SCREENS_DIR, name),
    ]);
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    if (!missing) throw err;
    console.warn(
      `Skipped the ${name}.png screenshot: pdftoppm is missing (apt-get install -y poppler-utils).`,
    );
    return;
  }
  expect(fs.existsSync(path.join(SCREENS_DIR, `${name}.png`))).toBe(true);
}
