import type { Review } from '@contract/reviews';
import type { Tool } from '@contract/tools';

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
    name: `Torque wrench ${_id.slice(-4)}`,
    img: '/images/tools/torque-wrench.svg',
    price: 24.5,
    description: 'Click-type torque wrench, 1/2" drive, 40-200 Nm, calibrated to ±3%.',
    availableQuantity: 1200,
    MinimumOrderQuantity: 100,
    priceTiers: [],
    ...overrides,
  };
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
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}
