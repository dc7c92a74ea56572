import type { Collection } from 'mongodb';
import { SOLD_STATUSES } from '../../domain/order-status.js';
import type { TaxedLineRecord, TaxLedgerRepo } from '../store.js';
import type { OrderDoc } from './order-docs.js';

const sold = (from: string, to: string) => ({
  status: { $in: [...SOLD_STATUSES] },
  tax: { $exists: true },
  createdAt: { $gte: new Date(from), $lt: new Date(to) },
});

/** A line's amount without its tax: the lines of a shop whose prices include it hold it. */
const net = (order: OrderDoc, line: OrderDoc['items'][number]) =>
  order.tax?.pricesIncludeTax ? line.lineTotalCents - (line.tax?.cents ?? 0) : line.lineTotalCents;

export function mongoTaxLedgerRepo(orders: Collection<OrderDoc>): TaxLedgerRepo {
  const linesOf = (order: OrderDoc): TaxedLineRecord[] =>
    order.items.flatMap((line) =>
      line.tax
        ? [
            {
              orderId: order._id.toHexString(),
              orderNumber: order.number,
              placedAt: order.createdAt.toISOString(),
              shipToCountry: order.tax?.shipToCountry ?? '',
              ...(order.tax?.shipToState !== undefined && { shipToState: order.tax.shipToState }),
              ...(order.tax?.buyerVatId !== undefined && { buyerVatId: order.tax.buyerVatId }),
              ...(order.companyId != null && { companyId: order.companyId }),
              netCents: net(order, line),
              tax: line.tax,
            },
          ]
        : [],
    );
  const linesBetween = async (from: string, to: string) =>
    (await orders.find(sold(from, to)).sort({ createdAt: 1, number: 1 }).toArray()).flatMap(
      linesOf,
    );
  return {
    async netCentsUnder(rules, from, to) {
      // Few orders a year are distance sales; the lines are summed here, as SQLite sums them.
      const matching = await orders
        .find({ ...sold(from, to), 'items.tax.rule': { $in: [...rules] } })
        .toArray();
      return matching
        .flatMap(linesOf)
        .filter((line) => rules.includes(line.tax.rule))
        .reduce((sum, line) => sum + line.netCents, 0);
    },
    linesBetween,
  };
}
