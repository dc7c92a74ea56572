import {
  allocate,
  availableToPromise,
  dayOf,
  describeAvailability,
  describeShipments,
  maxOrderable,
  shipmentsOf,
  type IncomingBatch,
} from '@toolworks/contract/stock-plan';

/**
 * Available to promise as the tool page, cart and checkout show it: the contract's arithmetic
 * (the server's when it reserves) over the tool as last read, on the browser's day.
 */
interface PlanFields {
  availableQuantity: number;
  allowBackorders?: boolean | undefined;
  leadTimeDays?: number | null | undefined;
  incomingStock?: IncomingBatch[] | undefined;
}

const planOf = (tool: PlanFields) => ({
  availableQuantity: tool.availableQuantity,
  allowBackorders: tool.allowBackorders ?? false,
  leadTimeDays: tool.leadTimeDays ?? null,
  incomingStock: tool.incomingStock ?? [],
});

const today = () => dayOf(new Date());

/** The most one order may ask for: the stock, or beyond it when backorders are allowed. */
export function orderableQuantity(tool: PlanFields): number {
  return maxOrderable(availableToPromise(planOf(tool), today()));
}

/** "1,200 ship today; 800 more ship from 12 March; the rest ship by 22 March", for backorder tools. */
export function availabilityText(tool: PlanFields): string | null {
  if (!tool.allowBackorders) return null;
  return describeAvailability(availableToPromise(planOf(tool), today()), today());
}

/** "300 ship now; 200 backordered, ship from 12 March" when `quantity` goes beyond stock. */
export function backorderSplit(tool: PlanFields, quantity: number): string | null {
  if (quantity <= tool.availableQuantity) return null;
  const parts = allocate(planOf(tool), quantity, today());
  return parts ? describeShipments(shipmentsOf(parts), today()) : null;
}
