import { PAID_STATUSES } from '@toolworks/contract/order-status-sets';
import type { Order, OrderStatus } from '@toolworks/contract/orders';
import type { Profile } from '@toolworks/contract/profiles';
import type { Review } from '@toolworks/contract/reviews';
import type { Tool } from '@toolworks/contract/tools';

let sequence = 0;

// Ids shaped like the API's: 24 hex characters.
export function nextId(): string {
  sequence += 1;
  return sequence.toString(16).padStart(24, '0');
}

export function buildTool(overrides: Partial<Tool> = {}): Tool {
  const _id = overrides._id ?? nextId();
  return {
    _id,
    sku: `TW-${_id.slice(-4).toUpperCase()}`,
    name: `Torque wrench ${_id.slice(-4)}`,
    img: '/images/tools/torque-wrench.svg',
    price: 24.5,
    description: 'Click-type torque wrench, 1/2" drive, 40-200 Nm, calibrated to ±3%.',
    availableQuantity: 1200,
    MinimumOrderQuantity: 100,
    category: 'measuring',
    specs: [],
    rating: { average: 0, count: 0 },
    priceTiers: [],
    images: [],
    leadTimeDays: null,
    allowBackorders: false,
    incomingStock: [],
    unit: 'C62',
    packSize: 1,
    orderMultiple: 1,
    priceBasis: 1,
    taxClass: 'standard',
    ...overrides,
  };
}

/**
 * The tool as the server answers a create or an update: the form's body over `base`. A cleared
 * datasheet link is sent as null and answered by leaving the field out.
 */
export function savedTool(body: unknown, base: Partial<Tool> = {}): Tool {
  const { datasheetUrl, ...fields } = body as Partial<Omit<Tool, 'datasheetUrl'>> & {
    datasheetUrl?: string | null;
  };
  // New batches have nothing promised yet.
  const incomingStock = fields.incomingStock?.map((batch) => ({
    ...batch,
    promised: batch.promised ?? 0,
  }));
  return buildTool({
    ...base,
    ...fields,
    ...(incomingStock && { incomingStock }),
    ...(datasheetUrl ? { datasheetUrl } : {}),
  });
}

export function buildTools(count: number, overrides: Partial<Tool> = {}): Tool[] {
  return Array.from({ length: count }, () => buildTool(overrides));
}

export function buildReview(overrides: Partial<Review> = {}): Review {
  return {
    _id: nextId(),
    review: 'Solid tools, delivered on time and exactly as described.',
    ratings: 5,
    authorName: 'Dana Whitfield',
    verified: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

let orderNumber = 100000;

/**
 * An order as the API shows it. The status follows the spec's flags given (isPaid, shipped,
 * iscancelled) unless named, and the flags follow the status, as on the server; one line.
 * Paid by card unless `paymentMethod` says `invoice` (with `onInvoice`, as the server sends it).
 */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  orderNumber += 1;
  const toolId = overrides.toolId ?? nextId();
  const name = overrides.name ?? 'Torque Wrench';
  const quantity = overrides.quantity ?? 100;
  const price = overrides.price ?? 2450;
  const status: OrderStatus =
    overrides.status ??
    (overrides.shipped
      ? 'shipped'
      : overrides.isPaid
        ? 'paid'
        : overrides.iscancelled
          ? 'cancelled'
          : 'unpaid');
  return {
    _id: nextId(),
    number: `TW-${orderNumber}`,
    status,
    items: [{ toolId, name, unitPrice: price / quantity, quantity, lineTotal: price }],
    toolId,
    name,
    price,
    quantity,
    userName: 'Casey Jones',
    userEmail: 'casey@example.com',
    userPhone: '+1 555 0100',
    userAddress: '12 Forge Lane, Sheffield',
    isPaid: PAID_STATUSES.includes(status),
    paymentMethod: 'card',
    ...(overrides.paymentMethod === 'invoice' && { onInvoice: true }),
    iscancelled: status === 'cancelled' || status === 'expired',
    shipped: status === 'shipped' || status === 'delivered',
    ...(status === 'unpaid' && { expiresAt: '2026-11-20T11:00:00.000Z' }),
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** Saved details (My Profile) of casey@example.com, with a delivery address and a phone. */
export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    name: 'Casey Jones',
    email_address: 'casey@example.com',
    LinkedIn_profile_link: '',
    country: 'Canada',
    street_address: '12 Harbour Street',
    city: 'Halifax',
    state: 'Nova Scotia',
    phone: '+1 902 555 0100',
    company_name: 'Harbour Fixings Ltd.',
    vat_id: '',
    delivery_address: 'Dock 4, 80 Water Street, Halifax',
    postal_code: 'B3J 1A1',
    ...overrides,
  };
}
