import { paysOnInvoice } from '@toolworks/contract/orders';
import { formatCount } from '@toolworks/contract/format';
import { trackingUrl } from '../../../lib/carriers.js';
import {
  documentMail,
  escapeHtml,
  formatDate,
  formatPaymentTerms,
  formatUtcDay,
  link,
  money,
  type RenderedMail,
} from '../../../mail/html.js';
import { linesTable, linesText } from './lines-html.js';
import type { MailOrder } from '../../../domain/mail-order.js';
import { placedSubject, type MailDetails, type MailEvent } from '../../../domain/order-mail.js';

interface Parts {
  subject: string;
  title: string;
  /** Already-escaped HTML paragraphs shown above the lines. */
  intro: string[];
  /** Their plain-text twins. */
  introText: string[];
  action?: { href: string; label: string };
  /** Before the order's address; the buyer's "your order" by default. */
  linkLabel?: string;
}

/** An order confirmed on its company's terms: what the invoice says and when to pay it. */
function invoiceNote(d: MailDetails): string {
  const terms = d.paymentTerms ? ` (${formatPaymentTerms(d.paymentTerms)})` : '';
  const invoice = d.invoiceNumber
    ? `Invoice ${d.invoiceNumber} is attached`
    : 'Its invoice follows';
  const due = d.dueDate ? `: please pay it by ${formatUtcDay(d.dueDate)}` : '';
  return `It is confirmed on your company’s payment terms${terms} and we are preparing it. ${invoice}${due}, quoting its number as the transfer’s reference.`;
}

/** "300 from 15 Dec 2026; 100 from 19 Dec 2026". */
const describeToCome = (parts: readonly { quantity: number; shipDate: string }[]) =>
  parts.map((p) => `${formatCount(p.quantity)} from ${formatUtcDay(p.shipDate)}`).join('; ');

function buyerParts(event: MailEvent, order: MailOrder, d: MailDetails, shopUrl: string): Parts {
  const n = order.number;
  const payUrl = `${shopUrl}/dashboard/payment/${encodeURIComponent(order._id)}`;
  switch (event) {
    case 'placed': {
      const until = order.expiresAt ? formatDate(order.expiresAt) : undefined;
      const hold = until
        ? `We hold the stock for you until ${until}; unpaid after that, the order expires.`
        : 'We hold the stock for you until you pay or cancel.';
      return {
        subject: placedSubject(event, n, d),
        title: `Thank you for your order ${n}`,
        intro: [`Your order is reserved. ${escapeHtml(hold)}`],
        introText: [`Your order is reserved. ${hold}`, `Pay now: ${payUrl}`],
        action: { href: payUrl, label: 'Pay now' },
      };
    }
    case 'confirmed-on-invoice': {
      const note = `Thank you for your order. ${invoiceNote(d)}`;
      return {
        subject: placedSubject(event, n, d),
        title: `Order ${n} confirmed on invoice`,
        intro: [escapeHtml(note)],
        introText: [note],
      };
    }
    case 'paid': {
      const invoice = d.invoiceNumber ? ` Your invoice ${d.invoiceNumber} is attached.` : '';
      return {
        subject: `Payment received for order ${n}`,
        title: `Payment received: order ${n}`,
        intro: [escapeHtml(`We have your payment and are preparing the order.${invoice}`)],
        introText: [`We have your payment and are preparing the order.${invoice}`],
      };
    }
    case 'shipped': {
      const carrier = d.carrier?.trim();
      const tracking = d.trackingNumber?.trim();
      const url = trackingUrl(carrier, tracking);
      const via = carrier ? ` with ${carrier}` : '';
      const trackHtml = tracking
        ? `Tracking number: <strong>${escapeHtml(tracking)}</strong>${url ? ` (${link(url, 'track your parcel')})` : ''}`
        : '';
      const partial = Boolean(d.toCome?.length);
      const what = partial ? 'Part of your order has' : 'Your order has';
      const holds = d.shipmentLines?.length
        ? `This shipment holds ${d.shipmentLines.map((l) => `${formatCount(l.quantity)} × ${l.name}`).join(', ')}.`
        : '';
      const toCome = partial ? `Still to come: ${describeToCome(d.toCome ?? [])}.` : '';
      return {
        subject: partial ? `Part of order ${n} has shipped` : `Order ${n} has shipped`,
        title: partial ? `Part of order ${n} is on its way` : `Order ${n} is on its way`,
        intro: [
          escapeHtml(`${what} left our warehouse${via}.`),
          trackHtml,
          escapeHtml(holds),
          escapeHtml(toCome),
        ].filter(Boolean),
        introText: [
          `${what} left our warehouse${via}.`,
          ...(tracking ? [`Tracking number: ${tracking}${url ? ` (${url})` : ''}`] : []),
          ...(holds ? [holds] : []),
          ...(toCome ? [toCome] : []),
        ],
      };
    }
    case 'date-moved': {
      const moved = (d.moved ?? [])
        .map(
          (m) =>
            `${formatCount(m.quantity)} now ship from ${formatUtcDay(m.to)} (promised ${formatUtcDay(m.from)})`,
        )
        .join('; ');
      const note = `Fewer units than expected arrived in our incoming batch, so part of your order will ship later: ${moved}. Everything else is unchanged.`;
      return {
        subject: `Order ${n}: new shipping date`,
        title: `Order ${n}: new shipping date`,
        intro: [escapeHtml(note)],
        introText: [note],
      };
    }
    case 'cancelled':
    case 'expired': {
      // An order awaiting approval that no approver decided on expires with its own reason.
      const why =
        event === 'expired'
          ? (d.reason ?? 'It was not paid before its reservation ended, so it has expired.')
          : 'It has been cancelled.';
      const note = `${why} The stock is released and nothing was charged.`;
      return {
        subject: `Order ${n} ${event === 'expired' ? 'expired' : 'cancelled'}`,
        title: `Order ${n} ${event === 'expired' ? 'expired' : 'cancelled'}`,
        intro: [escapeHtml(note)],
        introText: [note],
      };
    }
    case 'awaiting-approval': {
      const then = paysOnInvoice(order)
        ? 'once it is approved, it is confirmed on your company’s payment terms and invoiced.'
        : 'you can pay as soon as it is approved.';
      const note = `This order is above your spending limit, so it has gone to your company’s approvers. We hold the stock meanwhile; ${then}`;
      return {
        subject: placedSubject(event, n, d),
        title: `Order ${n} is waiting for approval`,
        intro: [escapeHtml(note)],
        introText: [note],
      };
    }
    case 'approved': {
      if (order.status === 'confirmed') {
        const note = `Your company approved this order. ${invoiceNote(d)}`;
        const invoice = d.invoiceNumber ? ` ${d.invoiceNumber}` : '';
        return {
          subject: `Order ${n} approved and confirmed on invoice${invoice}`,
          title: `Order ${n} approved`,
          intro: [escapeHtml(note)],
          introText: [note],
        };
      }
      const until = order.expiresAt
        ? ` We hold the stock until ${formatDate(order.expiresAt)}.`
        : '';
      const note = `Your company approved this order: please pay to confirm it.${until}`;
      return {
        subject: `Order ${n} approved: please pay to confirm`,
        title: `Order ${n} approved`,
        intro: [escapeHtml(note)],
        introText: [note, `Pay now: ${payUrl}`],
        action: { href: payUrl, label: 'Pay now' },
      };
    }
    case 'rejected': {
      const reason = d.reason?.trim() ? ` Reason: ${d.reason.trim()}` : '';
      const note = `Your company did not approve this order.${reason} The stock is released and nothing was charged.`;
      return {
        subject: `Order ${n} was not approved`,
        title: `Order ${n} was not approved`,
        intro: [escapeHtml(note)],
        introText: [note],
      };
    }
    case 'refunded': {
      const amount = money(d.refundAmount ?? order.price);
      const reason = d.reason?.trim() ? ` Reason: ${d.reason.trim()}` : '';
      const credit = d.creditNoteNumber
        ? ` Your credit note ${d.creditNoteNumber} is attached.`
        : '';
      const note = `We have refunded ${amount} to your card; banks take a few days to show it.${reason}${credit}`;
      return {
        subject: `Refund issued for order ${n}`,
        title: `Refund issued: order ${n}`,
        intro: [escapeHtml(note)],
        introText: [note],
      };
    }
  }
}

function assemble(parts: Parts, order: MailOrder, shopUrl: string): RenderedMail {
  const orderUrl = `${shopUrl}/dashboard/orders/${encodeURIComponent(order._id)}`;
  const po = order.poReference ? ` · PO ${order.poReference}` : '';
  const placed = formatDate(order.createdAt);
  return documentMail(
    {
      subject: parts.subject,
      title: parts.title,
      greeting: order.userName || order.userEmail,
      intro: { html: parts.intro, text: parts.introText },
      meta: {
        html: `Order <strong>${escapeHtml(order.number)}</strong>${escapeHtml(po)} · placed ${escapeHtml(placed)}`,
        text: `Order ${order.number}${po}, placed ${placed}`,
      },
      lines: { html: linesTable(order), text: linesText(order) },
      ...(parts.action && { action: parts.action }),
      link: { href: orderUrl, label: parts.linkLabel ?? 'See your order' },
    },
    shopUrl,
  );
}

export function renderBuyerMail(
  event: MailEvent,
  order: MailOrder,
  details: MailDetails,
  shopUrl: string,
): RenderedMail {
  return assemble(buyerParts(event, order, details, shopUrl), order, shopUrl);
}

/** To the shop's ORDERS_NOTIFY_EMAIL when an order is paid. */
export function renderShopPaidMail(order: MailOrder, shopUrl: string): RenderedMail {
  const who = `${order.userName} <${order.userEmail}>`;
  const parts: Parts = {
    subject: `New paid order ${order.number}: ${money(order.price)}`,
    title: `New paid order ${order.number}`,
    intro: [escapeHtml(`${who} paid ${money(order.price)}. Ship to: ${order.userAddress}`)],
    introText: [`${who} paid ${money(order.price)}.`, `Ship to: ${order.userAddress}`],
    linkLabel: 'See the order',
  };
  return assemble(parts, { ...order, userName: 'team' }, shopUrl);
}

/** To a company's approver: a colleague's order above their spending limit waits for them. */
export function renderApprovalRequestMail(
  order: MailOrder,
  approverName: string,
  shopUrl: string,
): RenderedMail {
  const approvals = `${shopUrl}/dashboard/my-company#approvals`;
  const who = `${order.userName} <${order.userEmail}>`;
  const note = `${who} placed order ${order.number} for ${money(order.price)}, above their spending limit. It waits for an approver: approve it, or reject it with a reason.`;
  const parts: Parts = {
    // The buyer's name is free text: in the body, not the subject (see company-mail.ts).
    subject: `Approval needed: order ${order.number}, ${money(order.price)}`,
    title: `Order ${order.number} needs your approval`,
    intro: [escapeHtml(note)],
    introText: [note, `Approvals: ${approvals}`],
    action: { href: approvals, label: 'Open Approvals' },
    linkLabel: 'See the order',
  };
  return assemble(parts, { ...order, userName: approverName }, shopUrl);
}
