import type { OutboxBodySource } from '../../../store/store.js';
import { MAIL_EVENTS, type BuyerMailData } from '../../../domain/order-mail.js';
import { renderBuyerMail } from './messages.js';

/**
 * The body a source describes, made from its snapshot with the shop's links. Throws on a source
 * it cannot read: the sender then treats the message as any failed send (retried, then failed and
 * shown in the admin outbox), never as sent.
 */
export function renderBodySource(
  source: OutboxBodySource,
  shopUrl: string,
): { html: string; text: string } {
  if (source.template === 'buyer') {
    const { event, order, details } = source.data as BuyerMailData;
    if (!MAIL_EVENTS.includes(event)) throw new Error(`unknown buyer email event ${event}`);
    const { html, text } = renderBuyerMail(event, order, details, shopUrl);
    return { html, text };
  }
  throw new Error(`unknown email template ${source.template}`);
}
