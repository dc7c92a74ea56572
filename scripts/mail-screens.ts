// Renders every order email (HTML, in Chromium), a sample invoice and credit note (PDF -> PNG with poppler's
// pdftoppm) into test-results/screens/, for a person to look at. Run under the e2e lock:
//   flock /tmp/toolworks-e2e.lock npm run screens:mail
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './chromium.mjs';
import { MAIL_EVENTS, type MailEvent } from '../server/src/modules/orders/mail/messages.js';
import { renderBuyerMail, renderShopPaidMail } from '../server/src/modules/orders/mail/messages.js';
import type { RenderedMail } from '../server/src/mail/html.js';
import type { MailOrder } from '../server/src/domain/mail-order.js';
import {
  renderQuoteMail,
  type QuoteMailEvent,
} from '../server/src/modules/quotes/quote-messages.js';
import type { Quote } from '@toolworks/contract/quotes';
import {
  renderCreditNotePdf,
  renderInvoicePdf,
} from '../server/src/modules/invoices/invoice-pdf.js';
import { creditNoteSnapshot, invoiceSnapshot } from '../server/src/modules/invoices/snapshots.js';

const out = path.resolve('test-results/screens');
fs.mkdirSync(out, { recursive: true });
const shopUrl = 'http://localhost:3000';

const order: MailOrder = {
  _id: '6740a1b2c3d4e5f6a7b8c9d0',
  number: 'TW-100042',
  status: 'paid',
  items: [
    {
      toolId: 'a'.repeat(24),
      name: 'Torque Wrench 3/8" <Pro>',
      unitPrice: 25.5,
      quantity: 12,
      lineTotal: 306,
    },
    {
      toolId: 'b'.repeat(24),
      name: 'Pipe Vise & Stand, heavy duty',
      unitPrice: 40,
      quantity: 15,
      lineTotal: 600,
    },
  ],
  price: 906,
  userName: 'Dana Whitfield',
  userEmail: 'dana@example.com',
  userAddress: '1 Main Street, Springfield, IL 62701',
  poReference: 'PO-7781',
  transactionId: 'pi_3QxYz2AbCdEf',
  expiresAt: '2026-11-24T12:00:00.000Z',
  createdAt: '2026-11-23T10:15:00.000Z',
};

const details: Record<MailEvent, object> = {
  placed: {},
  'confirmed-on-invoice': {
    invoiceNumber: 'INV-2026-000124',
    dueDate: '2026-12-23',
    paymentTerms: 'net-30',
  },
  paid: { invoiceNumber: 'INV-2026-000123' },
  shipped: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  cancelled: {},
  expired: {},
  refunded: { reason: 'Damaged in transit' },
};
const mails: (readonly [string, RenderedMail])[] = [
  ...MAIL_EVENTS.map(
    (event) => [event, renderBuyerMail(event, order, details[event], shopUrl)] as const,
  ),
  ['shop-paid', renderShopPaidMail(order, shopUrl)] as const,
];

const quote: Quote = {
  _id: '6740a1b2c3d4e5f6a7b8c9d1',
  number: 'Q-100012',
  status: 'offered',
  items: order.items.map((line) => ({
    toolId: line.toolId,
    name: line.name,
    quantity: line.quantity * 20,
    listUnitPrice: line.unitPrice,
    unitPrice: line.unitPrice * 0.8,
  })),
  total: 14_496,
  requestedDeliveryDate: '2027-03-01',
  message: 'For the new plant in Leeds; delivery in two lots is fine.',
  userName: order.userName,
  userEmail: order.userEmail,
  userPhone: '+1 555 0100',
  userAddress: order.userAddress,
  validUntil: '2027-01-31',
  declineReason: 'We cannot make this many before March.',
  orderId: order._id,
  createdAt: order.createdAt,
};
const quoteSteps: QuoteMailEvent[] = [
  'requested',
  'requested-shop',
  'offered',
  'declined',
  'accepted',
];
for (const step of quoteSteps) {
  mails.push([`quote-${step}`, renderQuoteMail(step, quote, shopUrl, order)]);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
try {
  for (const width of [640, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    for (const [name, mail] of mails) {
      await page.setContent(mail.html, { waitUntil: 'load' });
      const file = path.join(out, `email-${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
} finally {
  await browser.close();
}

const snapshot = invoiceSnapshot(
  order,
  {
    name: 'Dana Whitfield',
    email_address: order.userEmail,
    LinkedIn_profile_link: '',
    country: 'USA',
    street_address: '9 Elm Street',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62704',
    phone: '',
    delivery_address: '',
    ...{ company_name: 'Whitfield Plumbing LLC', vat_id: 'US-VAT-4411' },
  },
  {
    invoice: {
      sellerName: 'Toolworks Inc.',
      sellerAddress: '1 Foundry Lane\nSpringfield, IL 62701\nUSA',
      sellerTaxId: 'US-99-1234567',
      taxRatePercent: 8.25,
    },
    payments: { currency: 'usd', stripe: undefined, testGatewayAllowed: true },
  },
  '2026-11-23T10:20:00.000Z',
);
const invoice = {
  orderId: order._id,
  number: 'INV-2026-000123',
  year: 2026,
  seq: 123,
  paidAt: snapshot.paidAt,
  issuedAt: '2026-11-23T10:20:01.000Z',
  snapshot,
};
const creditNote = {
  orderId: order._id,
  number: 'CN-2026-000007',
  year: 2026,
  seq: 7,
  issuedAt: '2026-11-25T09:00:01.000Z',
  snapshot: creditNoteSnapshot(invoice.number, snapshot, {
    refundedAt: '2026-11-25T09:00:00.000Z',
    refundId: 're_3QxYz2AbCdEf',
    refundReason: 'Damaged in transit',
  }),
};
for (const [name, made] of [
  ['invoice', await renderInvoicePdf(invoice)],
  ['credit-note', await renderCreditNotePdf(creditNote)],
] as const) {
  const pdf = path.join(out, `${name}.pdf`);
  fs.writeFileSync(pdf, made);
  try {
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, path.join(out, name)]);
    console.log(path.join(out, `${name}.png`));
  } catch {
    // Without poppler-utils the PDF itself is left for a person to open.
    console.log(pdf);
  }
}
