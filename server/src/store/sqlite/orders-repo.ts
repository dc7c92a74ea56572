import type Database from 'better-sqlite3';
import type {
  CancelOrderResult,
  NewOrderInput,
  OrderRecord,
  OrdersRepo,
  OrderStatusFilter,
  PlaceOrderResult,
} from '../store.js';
import { unitPriceCentsFor, type PriceTierCents } from '../../contract/pricing.js';
import { newObjectId } from '../object-id.js';

interface OrderRow {
  id: string;
  tool_id: string;
  name: string;
  unit_price_cents: number;
  price_cents: number;
  quantity: number;
  user_name: string;
  user_email: string;
  user_phone: string;
  user_address: string;
  is_paid: number;
  is_cancelled: number;
  transaction_id: string | null;
  payment_intent_id: string | null;
  paid_at: string | null;
  shipped_at: string | null;
  created_at: string;
}

function toOrderRecord(row: OrderRow): OrderRecord {
  return {
    _id: row.id,
    toolId: row.tool_id,
    name: row.name,
    unitPriceCents: row.unit_price_cents,
    priceCents: row.price_cents,
    quantity: row.quantity,
    userName: row.user_name,
    userEmail: row.user_email,
    userPhone: row.user_phone,
    userAddress: row.user_address,
    isPaid: row.is_paid === 1,
    iscancelled: row.is_cancelled === 1,
    ...(row.transaction_id !== null && { transactionId: row.transaction_id }),
    ...(row.payment_intent_id !== null && { paymentIntentId: row.payment_intent_id }),
    ...(row.paid_at !== null && { paidAt: row.paid_at }),
    ...(row.shipped_at !== null && { shippedAt: row.shipped_at }),
    createdAt: row.created_at,
  };
}

const STATUS_WHERE: Record<OrderStatusFilter | 'all', string> = {
  all: '1 = 1',
  unpaid: 'is_paid = 0',
  paid: 'is_paid = 1 AND (shipped_at IS NOT NULL) = 0',
  shipped: 'is_paid = 1 AND (shipped_at IS NOT NULL) = 1',
};

export function sqliteOrdersRepo(db: Database.Database): OrdersRepo {
  const toolForOrder = db.prepare(
    'SELECT name, price_cents, price_tiers, minimum_order_quantity FROM tools WHERE id = ?',
  );
  const reserveStock = db.prepare(`UPDATE tools SET available_quantity = available_quantity - @q
    WHERE id = @id AND available_quantity >= @q`);
  const returnStock = db.prepare(
    'UPDATE tools SET available_quantity = available_quantity + ? WHERE id = ?',
  );
  const insert = db.prepare(`INSERT INTO orders (id, tool_id, name, unit_price_cents, price_cents,
    quantity, user_name, user_email, user_phone, user_address, created_at)
    VALUES (@id, @toolId, @name, @unitPriceCents, @priceCents, @quantity, @userName, @userEmail,
    @userPhone, @userAddress, @createdAt)`);
  const getOne = db.prepare('SELECT * FROM orders WHERE id = ?');
  const byEmail = db.prepare('SELECT * FROM orders WHERE user_email = ? ORDER BY id DESC');
  const listBy = Object.fromEntries(
    Object.entries(STATUS_WHERE).map(([status, where]) => [
      status,
      {
        rows: db.prepare(`SELECT * FROM orders WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`),
        total: db.prepare(`SELECT count(*) FROM orders WHERE ${where}`).pluck(),
      },
    ]),
  ) as Record<keyof typeof STATUS_WHERE, { rows: Database.Statement; total: Database.Statement }>;
  const remove = db.prepare('DELETE FROM orders WHERE id = ?');
  const setIntent = db.prepare('UPDATE orders SET payment_intent_id = ? WHERE id = ?');
  const pay = db.prepare(`UPDATE orders SET is_paid = 1, transaction_id = ?, paid_at = ?
    WHERE id = ? AND is_paid = 0`);
  const ship = db.prepare(
    'UPDATE orders SET shipped_at = ? WHERE id = ? AND is_paid = 1 AND shipped_at IS NULL',
  );

  const getSync = (id: string) => {
    const row = getOne.get(id) as OrderRow | undefined;
    return row ? toOrderRecord(row) : null;
  };

  const placeTx = db.transaction((input: NewOrderInput): PlaceOrderResult => {
    const tool = toolForOrder.get(input.toolId) as
      | { name: string; price_cents: number; price_tiers: string; minimum_order_quantity: number }
      | undefined;
    if (!tool) return { ok: false, reason: 'TOOL_NOT_FOUND' };
    if (input.quantity < tool.minimum_order_quantity) return { ok: false, reason: 'BELOW_MINIMUM' };
    if (reserveStock.run({ id: input.toolId, q: input.quantity }).changes === 0)
      return { ok: false, reason: 'OUT_OF_STOCK' };
    const tiers = JSON.parse(tool.price_tiers) as PriceTierCents[];
    const unitPriceCents =
      input.unitPriceCents ?? unitPriceCentsFor(tool.price_cents, tiers, input.quantity);
    const id = newObjectId();
    insert.run({
      id,
      toolId: input.toolId,
      name: tool.name,
      unitPriceCents,
      priceCents: input.quantity * unitPriceCents,
      quantity: input.quantity,
      userName: input.userName,
      userEmail: input.userEmail.toLowerCase(),
      userPhone: input.userPhone,
      userAddress: input.userAddress,
      createdAt: new Date().toISOString(),
    });
    return { ok: true, order: getSync(id) as OrderRecord };
  });

  const cancelTx = db.transaction((id: string): CancelOrderResult => {
    const order = getSync(id);
    if (!order) return 'NOT_FOUND';
    if (order.isPaid) return 'PAID';
    remove.run(id);
    returnStock.run(order.quantity, order.toolId);
    return 'CANCELLED';
  });

  return {
    async place(input) {
      // IMMEDIATE: take the write lock before reading the tool, so another process cannot
      // change it between the read and the conditional update.
      return placeTx.immediate(input);
    },
    async get(id) {
      return getSync(id);
    },
    async listByEmail(email) {
      return (byEmail.all(email.toLowerCase()) as OrderRow[]).map(toOrderRecord);
    },
    async list({ status, offset, limit }) {
      const statements = listBy[status ?? 'all'];
      const read = db.transaction(() => ({
        rows: statements.rows.all(limit, offset) as OrderRow[],
        total: statements.total.get() as number,
      }));
      const { rows, total } = read();
      return { items: rows.map(toOrderRecord), total };
    },
    async cancelUnpaid(id) {
      return cancelTx.immediate(id);
    },
    async setPaymentIntent(id, paymentIntentId) {
      setIntent.run(paymentIntentId, id);
    },
    async markPaid(id, transactionId) {
      pay.run(transactionId, new Date().toISOString(), id);
      return getSync(id);
    },
    async markShipped(id) {
      ship.run(new Date().toISOString(), id);
      const order = getSync(id);
      return order?.isPaid ? order : null;
    },
  };
}
