import type { Migration } from './migration.js';

// Issue 23: accepting a quote is conditional on the offer the buyer saw. Every offer moves
// `version`, and the acceptance checks it in the same transaction that places the order. The
// offer gains a note to the buyer; an order placed from a quote remembers the quote's number.
export const quoteOffers: Migration = {
  version: 14,
  name: 'quote-offers',
  sql: `
    ALTER TABLE quotes ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE quotes ADD COLUMN offer_note TEXT;
    ALTER TABLE orders ADD COLUMN quote_number INTEGER;
  `,
};
