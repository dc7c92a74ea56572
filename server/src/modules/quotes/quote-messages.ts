import type { Quote } from '@toolworks/contract/quotes';
import { documentMail, escapeHtml, formatDate, formatUtcDay, money } from '../../mail/html.js';
import { quoteLinesTable, quoteLinesText } from './quote-lines-html.js';
import type { MailOrder } from '../../domain/mail-order.js';
import type { RenderedMail } from '../../mail/html.js';

/** The steps of a quote someone hears about; `requested-shop` goes to ORDERS_NOTIFY_EMAIL. */
export type QuoteMailEvent = 'requested' | 'requested-shop' | 'offered' | 'declined' | 'accepted';

interface QuoteParts {
  subject: string;
  title: string;
  greeting: string;
  /** Plain text; escaped when it meets HTML. */
  intro: string[];
  action?: { href: string; label: string };
  link: { label: string; href: string };
  /** Offered prices in the table (from `offered` on), else the list prices for reference. */
  priced: boolean;
}

function parts(
  event: QuoteMailEvent,
  quote: Quote,
  order: MailOrder | undefined,
  shopUrl: string,
): QuoteParts {
  const n = quote.number;
  const quoteUrl = `${shopUrl}/dashboard/my-quotes#quote-${encodeURIComponent(quote._id)}`;
  const mine = { label: 'See your quote', href: quoteUrl };
  const greeting = quote.userName || quote.userEmail;
  const asked = [
    ...(quote.requestedDeliveryDate
      ? [`Requested delivery: ${formatUtcDay(quote.requestedDeliveryDate)}.`]
      : []),
    ...(quote.message ? [`Message: ${quote.message}`] : []),
  ];
  switch (event) {
    case 'requested':
      return {
        subject: `Quote ${n} requested: we will get back to you`,
        title: `We have your quote request ${n}`,
        greeting,
        intro: [
          'Thank you for asking. Our sales team will answer with a price for each line and how long the offer holds; you will get an email when it is ready.',
          ...asked,
        ],
        link: mine,
        priced: false,
      };
    case 'requested-shop':
      return {
        subject: `New quote request ${n} from ${quote.userEmail}`,
        title: `New quote request ${n}`,
        greeting: 'team',
        intro: [
          `${quote.userName} <${quote.userEmail}> asks for a quote. Phone: ${quote.userPhone}. Deliver to: ${quote.userAddress}`,
          ...asked,
        ],
        link: { label: 'Answer it', href: `${shopUrl}/dashboard/quotes` },
        priced: false,
      };
    case 'offered': {
      const until = quote.validUntil ? formatUtcDay(quote.validUntil) : undefined;
      return {
        subject: `Your quote ${n}: ${money(quote.total ?? 0)}${until ? `, valid until ${until}` : ''}`,
        title: `Our offer for quote ${n}`,
        greeting,
        intro: [
          `Here is our price for each line${until ? `, valid until the end of ${until} (UTC)` : ''}. Accept it from your quotes to turn it into an order and pay by card.`,
          ...(quote.offerNote ? [`Note from our sales team: ${quote.offerNote}`] : []),
        ],
        action: { href: quoteUrl, label: 'Review and accept' },
        link: mine,
        priced: true,
      };
    }
    case 'declined':
      return {
        subject: `Quote ${n} declined`,
        title: `We cannot offer quote ${n}`,
        greeting,
        intro: [
          'We are sorry: we cannot make an offer for this request.',
          ...(quote.declineReason ? [`Reason: ${quote.declineReason}`] : []),
          'You are welcome to ask again with other quantities or dates.',
        ],
        link: mine,
        priced: false,
      };
    case 'accepted': {
      const orderNumber = order?.number ?? 'your order';
      const payUrl = `${shopUrl}/dashboard/payment/${encodeURIComponent(quote.orderId ?? '')}`;
      const hold = order?.expiresAt
        ? ` We hold the stock for you until ${formatDate(order.expiresAt)}; unpaid after that, the order expires.`
        : '';
      return {
        subject: `Quote ${n} accepted: order ${orderNumber}, please pay to confirm`,
        title: `Quote ${n} accepted`,
        greeting,
        intro: [
          `Thank you: your quote is now order ${orderNumber}, at the quoted prices.${hold}`,
          `Pay now: ${payUrl}`,
        ],
        action: { href: payUrl, label: 'Pay now' },
        link: {
          label: 'See your order',
          href: `${shopUrl}/dashboard/orders/${encodeURIComponent(quote.orderId ?? '')}`,
        },
        priced: true,
      };
    }
  }
}

/** A quote's email, in the same frame and with the same tables as the order emails. */
export function renderQuoteMail(
  event: QuoteMailEvent,
  quote: Quote,
  shopUrl: string,
  order?: MailOrder,
): RenderedMail {
  const p = parts(event, quote, order, shopUrl);
  // The pay link is the button in HTML; the text part names it in its intro.
  const htmlIntro = p.action ? p.intro.filter((line) => !line.startsWith('Pay now:')) : p.intro;
  const requested = `requested ${formatDate(quote.createdAt)}`;
  return documentMail(
    {
      subject: p.subject,
      title: p.title,
      greeting: p.greeting,
      intro: { html: htmlIntro.map(escapeHtml), text: p.intro },
      meta: {
        html: `Quote <strong>${escapeHtml(quote.number)}</strong> · ${escapeHtml(requested)}`,
        text: `Quote ${quote.number} · ${requested}`,
      },
      lines: { html: quoteLinesTable(quote, p.priced), text: quoteLinesText(quote, p.priced) },
      ...(p.action && { action: p.action }),
      link: p.link,
    },
    shopUrl,
  );
}
