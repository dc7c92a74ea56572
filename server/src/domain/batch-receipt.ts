import { addDays, type Allocation, type IncomingBatch } from '@toolworks/contract/availability';

/**
 * Receiving an incoming batch (issue 53): what the units that arrived do. Pure; both adapters
 * read the tool and the order lines holding its promises (oldest order first) inside one write,
 * call this and write the answer.
 *
 * The rule:
 * 1. The batch's promised units are served in promise order, oldest order first: each served
 *    unit becomes a `stock` part of its line (on hand, shippable now). They never touch the shelf.
 * 2. If fewer arrived than were promised, the unserved units move on: to the next batch with
 *    unpromised room (by date), then to the lead time (today + lead time); their promised date
 *    moves, and each such buyer is told. Units that nothing can take stay on the batch, which
 *    stays expected on its date with just them (received again when they come).
 * 3. Units beyond the batch's promises serve lines waiting on the lead time, oldest first.
 * 4. What is left goes on the shelf (`stockAdded`).
 */

export interface Holder {
  orderId: string;
  /** The line's position in its order (stored line number). */
  lineNo: number;
  allocations: Allocation[];
}

export interface DateMove {
  orderId: string;
  quantity: number;
  from: string;
  to: string;
}

export type BatchReceipt =
  | { ok: false; reason: 'NO_SUCH_BATCH' }
  | {
      ok: true;
      /** The holders whose allocations changed, with their new allocations. */
      lines: { orderId: string; lineNo: number; allocations: Allocation[] }[];
      incomingStock: IncomingBatch[];
      stockAdded: number;
      /** Units served to orders now (batch promises and lead-time parts). */
      served: number;
      moves: DateMove[];
    };

export function receiveBatch(input: {
  batches: readonly IncomingBatch[];
  leadTimeDays: number | null;
  expectedDate: string;
  received: number;
  /** Every line of an order still holding its units (HOLDING_STATUSES), oldest order first. */
  holders: readonly Holder[];
  today: string;
}): BatchReceipt {
  const { expectedDate, today } = input;
  const batch = input.batches.find((b) => b.expectedDate === expectedDate);
  if (!batch) return { ok: false, reason: 'NO_SUCH_BATCH' };
  const later = input.batches
    .filter((b) => b.expectedDate > expectedDate)
    .map((b) => ({ ...b }))
    .sort((a, b) => a.expectedDate.localeCompare(b.expectedDate));
  let arrived = input.received;
  let stranded = 0;
  let served = 0;
  const moves: DateMove[] = [];
  const changed = new Map<string, { orderId: string; lineNo: number; allocations: Allocation[] }>();
  const key = (h: Holder) => `${h.orderId}:${h.lineNo}`;

  const working = input.holders.map((h) => ({
    ...h,
    allocations: h.allocations.map((p) => ({ ...p })),
  }));
  for (const holder of working) {
    const next: Allocation[] = [];
    let touched = false;
    for (const part of holder.allocations) {
      if (part.from !== 'batch' || part.batch !== expectedDate) {
        next.push(part);
        continue;
      }
      touched = true;
      const serve = Math.min(arrived, part.quantity);
      arrived -= serve;
      served += serve;
      if (serve > 0) next.push({ quantity: serve, from: 'stock', shipDate: today });
      let rest = part.quantity - serve;
      for (const b of later) {
        const room = b.quantity - b.promised;
        const take = Math.min(room, rest);
        if (take <= 0) continue;
        b.promised += take;
        rest -= take;
        const shipDate = b.expectedDate < today ? today : b.expectedDate;
        next.push({ quantity: take, from: 'batch', shipDate, batch: b.expectedDate });
        if (shipDate !== part.shipDate)
          moves.push({
            orderId: holder.orderId,
            quantity: take,
            from: part.shipDate,
            to: shipDate,
          });
      }
      if (rest > 0 && input.leadTimeDays !== null) {
        const shipDate = addDays(today, input.leadTimeDays);
        next.push({ quantity: rest, from: 'lead', shipDate });
        moves.push({ orderId: holder.orderId, quantity: rest, from: part.shipDate, to: shipDate });
        rest = 0;
      }
      if (rest > 0) {
        stranded += rest;
        next.push({ ...part, quantity: rest });
      }
    }
    if (touched) {
      holder.allocations = next;
      changed.set(key(holder), {
        orderId: holder.orderId,
        lineNo: holder.lineNo,
        allocations: next,
      });
    }
  }

  // Beyond the batch's promises: the orders waiting on the lead time, oldest first.
  for (const holder of working) {
    if (arrived === 0) break;
    if (!holder.allocations.some((p) => p.from === 'lead')) continue;
    const next: Allocation[] = [];
    for (const part of holder.allocations) {
      if (part.from !== 'lead' || arrived === 0) {
        next.push(part);
        continue;
      }
      const serve = Math.min(arrived, part.quantity);
      arrived -= serve;
      served += serve;
      next.push({ quantity: serve, from: 'stock', shipDate: today });
      if (part.quantity > serve) next.push({ ...part, quantity: part.quantity - serve });
    }
    holder.allocations = next;
    changed.set(key(holder), { orderId: holder.orderId, lineNo: holder.lineNo, allocations: next });
  }

  const incomingStock = input.batches
    .filter((b) => b.expectedDate < expectedDate)
    .map((b) => ({ ...b }))
    .concat(stranded > 0 ? [{ expectedDate, quantity: stranded, promised: stranded }] : [])
    .concat(later);
  return {
    ok: true,
    lines: [...changed.values()].map((line) => ({
      ...line,
      allocations: merged(line.allocations),
    })),
    incomingStock,
    stockAdded: arrived,
    served,
    moves: mergedMoves(moves),
  };
}

/** Parts of one kind, source and date joined: a line served twice shows one stock part. */
function merged(parts: Allocation[]): Allocation[] {
  const out: Allocation[] = [];
  for (const part of parts) {
    const same = out.find(
      (p) => p.from === part.from && p.shipDate === part.shipDate && p.batch === part.batch,
    );
    if (same) same.quantity += part.quantity;
    else out.push({ ...part });
  }
  return out;
}

function mergedMoves(moves: DateMove[]): DateMove[] {
  const out: DateMove[] = [];
  for (const move of moves) {
    const same = out.find(
      (m) => m.orderId === move.orderId && m.from === move.from && m.to === move.to,
    );
    if (same) same.quantity += move.quantity;
    else out.push({ ...move });
  }
  return out;
}
