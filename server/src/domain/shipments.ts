import type { Allocation } from '@toolworks/contract/availability';
import { fromStock } from './allocations.js';

/**
 * Partial shipments (issue 53), the decisions: what of an order can leave now, what waits for
 * which date, and the order's status after a shipment. Pure: both adapters call these inside the
 * shipment's own write, with the order and its shipments as read there.
 *
 * A unit can ship once it is on hand: a line's `stock` parts (its units taken from the shelf when
 * placed, or served to it when its batch was received). Batch and lead-time parts wait.
 */

export interface ShipmentLine {
  toolId: string;
  quantity: number;
}

interface Line {
  toolId: string;
  quantity: number;
  allocations?: Allocation[];
}

/** Units of each tool that earlier shipments took. */
export function shippedByTool(shipments: readonly { lines: readonly ShipmentLine[] }[]) {
  const shipped = new Map<string, number>();
  for (const shipment of shipments)
    for (const line of shipment.lines)
      shipped.set(line.toolId, (shipped.get(line.toolId) ?? 0) + line.quantity);
  return shipped;
}

export interface LineProgress {
  toolId: string;
  ordered: number;
  shipped: number;
  /** On hand and not yet shipped: can go now. */
  readyNow: number;
  /** Not on hand yet: the promised dates (`YYYY-MM-DD`), soonest first. */
  waiting: { quantity: number; shipDate: string }[];
}

/** Where each line stands: shipped, ready now, waiting for a batch or the lead time. */
export function lineProgress(
  lines: readonly Line[],
  shipments: readonly { lines: readonly ShipmentLine[] }[],
): LineProgress[] {
  const shipped = shippedByTool(shipments);
  return lines.map((line) => {
    const done = Math.min(line.quantity, shipped.get(line.toolId) ?? 0);
    shipped.set(line.toolId, (shipped.get(line.toolId) ?? 0) - done);
    const onHand = fromStock(line);
    const waiting: LineProgress['waiting'] = [];
    for (const part of line.allocations ?? []) {
      if (part.from === 'stock') continue;
      const same = waiting.find((w) => w.shipDate === part.shipDate);
      if (same) same.quantity += part.quantity;
      else waiting.push({ quantity: part.quantity, shipDate: part.shipDate });
    }
    waiting.sort((a, b) => a.shipDate.localeCompare(b.shipDate));
    return {
      toolId: line.toolId,
      ordered: line.quantity,
      shipped: done,
      readyNow: Math.max(0, onHand - done),
      waiting,
    };
  });
}

/** What an admin sees: "600 now, 300 from 15 Dec, 100 from 19 Dec", of the units not shipped. */
export interface ShipmentSplit {
  now: number;
  later: { quantity: number; shipDate: string }[];
}

export function shipmentSplit(progress: readonly LineProgress[]): ShipmentSplit {
  const later: ShipmentSplit['later'] = [];
  for (const part of progress.flatMap((line) => line.waiting)) {
    const same = later.find((l) => l.shipDate === part.shipDate);
    if (same) same.quantity += part.quantity;
    else later.push({ ...part });
  }
  later.sort((a, b) => a.shipDate.localeCompare(b.shipDate));
  return { now: progress.reduce((sum, line) => sum + line.readyNow, 0), later };
}

export type ShipmentPlan =
  | { ok: true; lines: ShipmentLine[] }
  /** Nothing on hand is left to ship. */
  | { ok: false; reason: 'NOTHING_TO_SHIP'; readyNow: 0 }
  /** A requested tool is not a line of the order. */
  | { ok: false; reason: 'NOT_IN_ORDER'; toolId: string; readyNow: number }
  /** More than on hand (or than is left of the line) was asked for. */
  | {
      ok: false;
      reason: 'NOT_IN_STOCK';
      toolId: string;
      requested: number;
      lineReadyNow: number;
      readyNow: number;
    };

/**
 * The shipment asked for, checked: each requested line at most what is on hand and unshipped;
 * no request means everything that can go now. A tool asked twice counts once, summed.
 */
export function planShipment(
  progress: readonly LineProgress[],
  request?: readonly ShipmentLine[],
): ShipmentPlan {
  const readyNow = progress.reduce((sum, line) => sum + line.readyNow, 0);
  if (!request) {
    const lines = progress
      .filter((line) => line.readyNow > 0)
      .map((line) => ({ toolId: line.toolId, quantity: line.readyNow }));
    return lines.length
      ? { ok: true, lines }
      : { ok: false, reason: 'NOTHING_TO_SHIP', readyNow: 0 };
  }
  const asked = shippedByTool([{ lines: request }]);
  const lines: ShipmentLine[] = [];
  for (const [toolId, quantity] of asked) {
    const line = progress.find((p) => p.toolId === toolId);
    if (!line) return { ok: false, reason: 'NOT_IN_ORDER', toolId, readyNow };
    if (quantity > line.readyNow)
      return {
        ok: false,
        reason: 'NOT_IN_STOCK',
        toolId,
        requested: quantity,
        lineReadyNow: line.readyNow,
        readyNow,
      };
    if (quantity > 0) lines.push({ toolId, quantity });
  }
  if (lines.length === 0) return { ok: false, reason: 'NOTHING_TO_SHIP', readyNow: 0 };
  return { ok: true, lines };
}

/** After a shipment: `shipped` once every unit has left, else `partly_shipped`. */
export function statusAfterShipment(
  lines: readonly Line[],
  shipments: readonly { lines: readonly ShipmentLine[] }[],
): 'shipped' | 'partly_shipped' {
  const progress = lineProgress(lines, shipments);
  return progress.every((line) => line.shipped >= line.ordered) ? 'shipped' : 'partly_shipped';
}

/** Delivered: the order is once it has wholly shipped and every shipment is delivered. */
export const allDelivered = (
  status: string,
  shipments: readonly { deliveredAt?: string | undefined }[],
) => status === 'shipped' && shipments.length > 0 && shipments.every((s) => s.deliveredAt);

/**
 * The line's allocations without the units already shipped (shipped units came off its stock
 * parts): what cancelling or refunding it before it wholly shipped gives back.
 */
export function unshippedAllocations(line: Line, shipped: number): Allocation[] {
  const parts = line.allocations ?? [
    { quantity: line.quantity, from: 'stock' as const, shipDate: '' },
  ];
  let left = shipped;
  const out: Allocation[] = [];
  for (const part of parts) {
    if (part.from !== 'stock' || left === 0) {
      out.push(part);
      continue;
    }
    const taken = Math.min(left, part.quantity);
    left -= taken;
    if (part.quantity > taken) out.push({ ...part, quantity: part.quantity - taken });
  }
  return out;
}

/** The lines as far as they have not shipped: what a refund before they all left gives back. */
export function unshippedLines<L extends Line>(order: {
  items: readonly L[];
  shipments?: readonly { lines: readonly ShipmentLine[] }[];
}): L[] {
  const shipped = shippedByTool(order.shipments ?? []);
  return order.items.map((line) => {
    const done = Math.min(line.quantity, shipped.get(line.toolId) ?? 0);
    shipped.set(line.toolId, (shipped.get(line.toolId) ?? 0) - done);
    return done === 0 ? line : { ...line, allocations: unshippedAllocations(line, done) };
  });
}

/** What of each line has not shipped, as units (a refund before shipping puts these back). */
export function unshippedQuantities(order: {
  items: readonly { toolId: string; quantity: number }[];
  shipments?: readonly { lines: readonly ShipmentLine[] }[];
}): ShipmentLine[] {
  const shipped = shippedByTool(order.shipments ?? []);
  return order.items
    .map((line) => {
      const done = Math.min(line.quantity, shipped.get(line.toolId) ?? 0);
      shipped.set(line.toolId, (shipped.get(line.toolId) ?? 0) - done);
      return { toolId: line.toolId, quantity: line.quantity - done };
    })
    .filter((line) => line.quantity > 0);
}
