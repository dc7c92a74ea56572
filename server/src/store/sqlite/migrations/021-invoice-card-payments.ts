import type { Migration } from './migration.js';

/**
 * Issue 24, a card payment of an open invoice on terms:
 * - the test gateway's intents remember the invoice they pay (Stripe keeps it in the intent's
 *   metadata), so its confirmation records a payment against that invoice, not an order;
 * - a card payment is recorded once however often the browser and the webhook report it: its
 *   reference is the gateway's payment id, unique among card payments.
 */
export const invoiceCardPayments: Migration = {
  version: 21,
  name: 'invoice-card-payments',
  sql: `
    ALTER TABLE test_payment_intents ADD COLUMN invoice_number TEXT;
    CREATE UNIQUE INDEX invoice_payments_card ON invoice_payments (reference)
      WHERE method = 'card';
  `,
};
