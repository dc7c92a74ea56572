/** Quote requests, the shop's offers and their acceptance. */

import type { QuoteStatus } from '@toolworks/contract/quotes';
import type { Id } from './common.js';

/** Stored statuses; `expired` is an offer past `validUntil`, judged when read. */
export type QuoteStoredStatus = Exclude<QuoteStatus, 'expired'>;

export interface QuoteLineRecord {
  toolId: Id;
  name: string;
  quantity: number;
  listUnitPriceCents: number;
  /** Set by the offer. */
  unitPriceCents?: number;
}

export interface QuoteRecord {
  _id: Id;
  /** Sequential from 100001; shown as `Q-<number>`. */
  number: number;
  status: QuoteStoredStatus;
  items: QuoteLineRecord[];
  userName: string;
  userEmail: string;
  userPhone: string;
  userAddress: string;
  requestedDeliveryDate?: string;
  message: string;
  /** `YYYY-MM-DD`: the offer holds through the end of that UTC day. */
  validUntil?: string;
  declineReason?: string;
  /** 0 until offered; every offer adds 1, so an acceptance can name the offer it saw. */
  version: number;
  /** The admin's note to the buyer with the offer. */
  offerNote?: string;
  orderId?: Id;
  createdAt: string;
  updatedAt: string;
}

export type NewQuoteInput = Pick<
  QuoteRecord,
  'items' | 'userName' | 'userEmail' | 'userPhone' | 'userAddress' | 'message'
> & { requestedDeliveryDate?: string };

/** NOT_FOUND: no such quote; WRONG_STATUS: the quote is no longer in a state that allows it. */
export type QuoteChange = QuoteRecord | 'NOT_FOUND' | 'WRONG_STATUS';

export interface QuotesRepo {
  /** Numbers the quote (the next in sequence) and stores it as `requested`. */
  create(input: NewQuoteInput): Promise<QuoteRecord>;
  get(id: Id): Promise<QuoteRecord | null>;
  /** Newest first. */
  listByEmail(email: string): Promise<QuoteRecord[]>;
  /** Newest first; all statuses when none is given. */
  list(status?: QuoteStoredStatus): Promise<QuoteRecord[]>;
  /**
   * Sets each line's unit price, the validity and the note (none removes it), and moves the
   * version on by one; only from `requested` or `offered`.
   */
  offer(id: Id, offer: QuoteOffer): Promise<QuoteChange>;
  /** Only from `requested` or `offered`. */
  decline(id: Id, reason: string): Promise<QuoteChange>;
}

export interface QuoteOffer {
  unitPrices: Record<Id, number>;
  validUntil: string;
  note?: string;
}
