import type Database from 'better-sqlite3';
import type {
  QuoteChange,
  QuoteLineRecord,
  QuoteOffer,
  QuoteRecord,
  QuotesRepo,
  QuoteStoredStatus,
} from '../store.js';
import { newObjectId } from '../object-id.js';

interface QuoteRow {
  id: string;
  number: number;
  status: QuoteStoredStatus;
  items: string;
  user_name: string;
  user_email: string;
  user_phone: string;
  user_address: string;
  requested_delivery_date: string | null;
  message: string;
  valid_until: string | null;
  decline_reason: string | null;
  order_id: string | null;
  version: number;
  offer_note: string | null;
  created_at: string;
  updated_at: string;
}

function toQuoteRecord(row: QuoteRow): QuoteRecord {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    items: JSON.parse(row.items) as QuoteLineRecord[],
    userName: row.user_name,
    userEmail: row.user_email,
    userPhone: row.user_phone,
    userAddress: row.user_address,
    ...(row.requested_delivery_date !== null && {
      requestedDeliveryDate: row.requested_delivery_date,
    }),
    message: row.message,
    ...(row.valid_until !== null && { validUntil: row.valid_until }),
    ...(row.decline_reason !== null && { declineReason: row.decline_reason }),
    version: row.version,
    ...(row.offer_note !== null && { offerNote: row.offer_note }),
    ...(row.order_id !== null && { orderId: row.order_id }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The first quote is Q-100001. */
const FIRST_NUMBER = 100001;
const ANSWERABLE = `status IN ('requested', 'offered')`;

export function sqliteQuotesRepo(db: Database.Database): QuotesRepo {
  const nextNumber = db
    .prepare(`SELECT coalesce(max(number) + 1, ${FIRST_NUMBER}) FROM quotes`)
    .pluck();
  const insert = db.prepare(`INSERT INTO quotes (id, number, status, items, user_name,
    user_email, user_phone, user_address, requested_delivery_date, message, created_at,
    updated_at) VALUES (@id, @number, 'requested', @items, @userName, @userEmail, @userPhone,
    @userAddress, @requestedDeliveryDate, @message, @now, @now)`);
  const getOne = db.prepare('SELECT * FROM quotes WHERE id = ?');
  const byEmail = db.prepare('SELECT * FROM quotes WHERE user_email = ? ORDER BY number DESC');
  const listAll = db.prepare('SELECT * FROM quotes ORDER BY number DESC');
  const listByStatus = db.prepare('SELECT * FROM quotes WHERE status = ? ORDER BY number DESC');
  const offer = db.prepare(`UPDATE quotes SET status = 'offered', items = @items,
    valid_until = @validUntil, offer_note = @note, version = version + 1, decline_reason = NULL,
    updated_at = @now WHERE id = @id AND ${ANSWERABLE}`);
  const decline = db.prepare(`UPDATE quotes SET status = 'declined', decline_reason = @reason,
    updated_at = @now WHERE id = @id AND ${ANSWERABLE}`);

  const getSync = (id: string) => {
    const row = getOne.get(id) as QuoteRow | undefined;
    return row ? toQuoteRecord(row) : null;
  };
  const changed = (id: string, changes: number): QuoteChange => {
    const quote = getSync(id);
    if (!quote) return 'NOT_FOUND';
    return changes ? quote : 'WRONG_STATUS';
  };

  const createTx = db.transaction((input: Parameters<QuotesRepo['create']>[0]) => {
    const id = newObjectId();
    insert.run({
      id,
      number: nextNumber.get() as number,
      items: JSON.stringify(input.items),
      userName: input.userName,
      userEmail: input.userEmail.toLowerCase(),
      userPhone: input.userPhone,
      userAddress: input.userAddress,
      requestedDeliveryDate: input.requestedDeliveryDate ?? null,
      message: input.message,
      now: new Date().toISOString(),
    });
    return getSync(id) as QuoteRecord;
  });

  // Offer reads the lines and writes them back priced: one write-locked transaction.
  const offerTx = db.transaction((id: string, input: QuoteOffer): QuoteChange => {
    const quote = getSync(id);
    if (!quote) return 'NOT_FOUND';
    const items = quote.items.map((line) => ({
      ...line,
      unitPriceCents: input.unitPrices[line.toolId] ?? line.unitPriceCents,
    }));
    const result = offer.run({
      id,
      items: JSON.stringify(items),
      validUntil: input.validUntil,
      note: input.note ?? null,
      now: new Date().toISOString(),
    });
    return changed(id, result.changes);
  });

  return {
    async create(input) {
      // IMMEDIATE: two requests never read the same max(number).
      return createTx.immediate(input);
    },
    async get(id) {
      return getSync(id);
    },
    async listByEmail(email) {
      return (byEmail.all(email.toLowerCase()) as QuoteRow[]).map(toQuoteRecord);
    },
    async list(status) {
      const rows = status ? listByStatus.all(status) : listAll.all();
      return (rows as QuoteRow[]).map(toQuoteRecord);
    },
    async offer(id, input) {
      return offerTx.immediate(id, input);
    },
    async decline(id, reason) {
      const now = new Date().toISOString();
      return changed(id, decline.run({ id, reason, now }).changes);
    },
  };
}
