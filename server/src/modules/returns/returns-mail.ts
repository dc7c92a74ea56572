import { formatCents } from '@toolworks/contract/format';
import { button, escapeHtml, layout, paragraph, type RenderedMail } from '../../mail/html.js';
import type { OrderRecord, RefundRecord, ReturnRecord } from '../../store/store.js';

/** The buyer's emails of issue 53: a refund or credit, and each step of a return. */

const orderNumber = (order: OrderRecord) => `TW-${order.number}`;

function simpleMail(
  subject: string,
  sentences: string[],
  order: OrderRecord,
  shopUrl: string,
): RenderedMail {
  const url = `${shopUrl}/dashboard/orders/${encodeURIComponent(order._id)}`;
  const body = [
    paragraph(`Hello ${escapeHtml(order.userName || order.userEmail)},`),
    ...sentences.map((s) => paragraph(escapeHtml(s))),
    paragraph(button(url, 'View your order')),
  ].join('\n');
  const text = [
    `Hello ${order.userName || order.userEmail},`,
    '',
    ...sentences,
    '',
    `View your order: ${url}`,
    '',
    '-- Toolworks',
  ].join('\n');
  return { subject, html: layout({ title: subject, preheader: subject, body, shopUrl }), text };
}

export function refundMail(
  order: OrderRecord,
  refund: RefundRecord,
  creditNoteNumber: string | undefined,
  shopUrl: string,
): RenderedMail {
  const n = orderNumber(order);
  const amount = formatCents(refund.amountCents);
  const how =
    refund.method === 'card'
      ? `We have refunded ${amount} to your card; banks take a few days to show it.`
      : refund.method === 'credit'
        ? `We have credited ${amount} against the invoice of order ${n}: you owe that much less.`
        : `We have refunded ${amount} by bank transfer (reference ${refund.reference ?? ''}).`;
  return simpleMail(
    refund.method === 'credit' ? `Credit issued for order ${n}` : `Refund issued for order ${n}`,
    [
      how,
      ...(refund.reason ? [`Reason: ${refund.reason}`] : []),
      ...(creditNoteNumber ? [`Your credit note ${creditNoteNumber} is attached.`] : []),
    ],
    order,
    shopUrl,
  );
}

const STEP_WORDS: Record<ReturnRecord['status'], (r: ReturnRecord) => string> = {
  requested: () =>
    'We have your return request and will tell you as soon as it is approved, with where to send the goods.',
  approved: () => 'Your return is approved: please send the goods back to us.',
  declined: (r) =>
    `We cannot accept this return.${r.declineReason ? ` Reason: ${r.declineReason}` : ''}`,
  received: () => 'We have received the goods you sent back; your refund follows.',
  refunded: () => 'Your return is refunded; the credit note is on your order page.',
};

export function returnMail(order: OrderRecord, request: ReturnRecord, shopUrl: string) {
  const n = orderNumber(order);
  const units = request.lines.reduce((sum, l) => sum + l.quantity, 0);
  return simpleMail(
    `Return for order ${n}: ${request.status}`,
    [
      `Your return of ${units} unit${units === 1 ? '' : 's'} from order ${n}.`,
      STEP_WORDS[request.status](request),
    ],
    order,
    shopUrl,
  );
}
