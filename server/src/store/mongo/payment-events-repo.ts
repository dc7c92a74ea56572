import type { Collection } from 'mongodb';
import type { PaymentEventsRepo } from '../store.js';
import { isDuplicateKey } from './ids.js';

export interface PaymentEventDoc {
  _id: string;
  type: string;
  orderId: string | null;
  receivedAt: Date;
}

export function mongoPaymentEventsRepo(events: Collection<PaymentEventDoc>): PaymentEventsRepo {
  return {
    async record(eventId, type, orderId) {
      try {
        // The event id is the _id, so the unique index detects a replay atomically.
        await events.insertOne({ _id: eventId, type, orderId, receivedAt: new Date() });
        return true;
      } catch (error) {
        if (isDuplicateKey(error)) return false;
        throw error;
      }
    },
  };
}
