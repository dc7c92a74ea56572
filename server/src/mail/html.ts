import { formatMediumDay, formatPrice } from '@toolworks/contract/format';
import { escapeHtml } from '../lib/escape-html.js';

export { escapeHtml };

/** A message as every feature's emails write it: its subject and its two bodies. */
export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

/** `$1,234.50`: the same words as the shop's pages (`@toolworks/contract/format`). */
export const money = formatPrice;

/**
 * `Nov 23, 2026, 7:27 PM UTC`: a time in emails and invoices, to the minute, as
 * `Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })`
 * writes it, without Intl. The first Intl format in a process maps ICU's locale data: 5 MB more
 * of every instance's resident memory through a shop's day (docs/performance.md). Its words
 * would also change with the ICU a host's Node carries (some put a narrow no-break space
 * before PM).
 */
export function formatDate(iso: string): string {
  const d = utc(iso);
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, '0');
  return `${mediumDay(d)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`;
}

/** `Dec 31, 2026` for a UTC day `2026-12-31` (Intl's `dateStyle: 'medium'`, without Intl). */
export const formatUtcDay = (isoDay: string) => mediumDay(utc(`${isoDay}T00:00:00Z`));

/** `net-30` as invoices and emails print it: "Net 30 days". */
export const formatPaymentTerms = (terms: string) => `Net ${terms.replace('net-', '')} days`;

function utc(iso: string): Date {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a time: ${iso}`);
  return d;
}

// The shop's pages write days with the same function.
const mediumDay = (d: Date) => formatMediumDay(d.toISOString().slice(0, 10));

// The shop's tokens (client/src/styles/tokens.css), inline: mail clients drop <style> blocks.
export const INK = '#0f1b2b';
const MUTED = '#4a5a6e';
const BORDER = '#d5dbe3';
const NAVY = '#0b1626';
const ORANGE = '#ff7a1a';
const LINK = '#b4480a';
const FONT = "'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function button(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="display:inline-block;background:${ORANGE};color:${NAVY};font-weight:700;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(label)}</a>`;
}

export function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}" style="color:${LINK};overflow-wrap:anywhere;word-break:break-word">${escapeHtml(label)}</a>`;
}

export function paragraph(html: string): string {
  return `<p style="margin:0 0 16px;color:${INK};font-size:15px;line-height:1.5">${html}</p>`;
}

/** A table of lines: the first `left` columns left, the rest right-aligned; an optional total row. */
export function table(heads: string[], rows: unknown[][], total?: string, left = 1): string {
  const cell = `padding:8px 6px;border-bottom:1px solid ${BORDER};font-size:14px;color:${INK}`;
  const head = `padding:8px 6px;border-bottom:2px solid ${INK};font-size:12px;color:${MUTED};text-transform:uppercase;letter-spacing:.04em`;
  const align = (i: number) => (i < left ? 'left' : 'right');
  const headRow = heads
    .map((h, i) => `<th align="${align(i)}" style="${head}">${escapeHtml(h)}</th>`)
    .join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${row.map((value, i) => `<td style="${cell};text-align:${align(i)}">${escapeHtml(value)}</td>`).join('')}</tr>`,
    )
    .join('');
  const strong = `padding:10px 6px;font-weight:700;font-size:15px;color:${INK}`;
  const foot = total
    ? `<tfoot><tr><td colspan="${heads.length - 1}" style="${strong}">Total</td><td style="${strong};text-align:right">${escapeHtml(total)}</td></tr></tfoot>`
    : '';
  return `<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin:0 0 16px">
<thead><tr>${headRow}</tr></thead>
<tbody>${body}</tbody>
${foot}
</table>`;
}

/** The frame every message shares: the navy header with the wordmark, a white card, a footer. */
export function layout(opts: { title: string; preheader: string; body: string; shopUrl: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:${FONT}">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(opts.preheader)}</span>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f5f7fa;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:600px;background:#ffffff;border:1px solid ${BORDER};border-radius:10px;overflow:hidden">
<tr><td style="background:${NAVY};padding:18px 24px"><span style="color:#ffffff;font-size:20px;font-weight:800;letter-spacing:.02em">Tool<span style="color:${ORANGE}">works</span></span></td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px;color:${INK}">${escapeHtml(opts.title)}</h1>
${opts.body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid ${BORDER};font-size:12px;color:${MUTED}">Toolworks · ${link(opts.shopUrl, opts.shopUrl)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** A message about one document (an order, a quote): both bodies in the order every one uses. */
export interface DocumentMail {
  subject: string;
  title: string;
  /** Plain text: who is greeted. */
  greeting: string;
  intro: { html: string[]; text: string[] };
  /** The document's number and date line. */
  meta: { html: string; text: string };
  /** Its lines: a table, and the same as text. */
  lines: { html: string; text: string };
  /** A button (HTML only; the text part says it in its intro). */
  action?: { href: string; label: string };
  link: { href: string; label: string };
}

export function documentMail(mail: DocumentMail, shopUrl: string): RenderedMail {
  const body = [
    paragraph(`Hello ${escapeHtml(mail.greeting)},`),
    ...mail.intro.html.map(paragraph),
    paragraph(mail.meta.html),
    mail.lines.html,
    mail.action ? paragraph(button(mail.action.href, mail.action.label)) : '',
    paragraph(`${escapeHtml(mail.link.label)}: ${link(mail.link.href, mail.link.href)}`),
  ].join('\n');
  const text = [
    `Hello ${mail.greeting},`,
    '',
    ...mail.intro.text,
    '',
    mail.meta.text,
    mail.lines.text,
    '',
    `${mail.link.label}: ${mail.link.href}`,
    '',
    '-- Toolworks',
  ].join('\n');
  return {
    subject: mail.subject,
    html: layout({ title: mail.title, preheader: mail.subject, body, shopUrl }),
    text,
  };
}
