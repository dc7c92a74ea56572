import type {
  NewOrderInput,
  PayOnInvoice,
  ReviewInput,
  ReviewRecord,
  Store,
  ToolInput,
} from '../store/store.js';

/** Test data builders: every call gives unique names so tests never collide on shared data. */

let sequence = 0;
const next = () => ++sequence;

export function buildTool(overrides: Partial<ToolInput> = {}): ToolInput {
  const n = next();
  return {
    name: `Test Wrench ${n}`,
    img: `/images/tools/test-wrench-${n}.svg`,
    priceCents: 2500,
    description: `A sturdy test wrench, batch ${n}.`,
    availableQuantity: 500,
    minimumOrderQuantity: 10,
    ...overrides,
  };
}

/** A one-line order of `quantity` (10 by default), reserved for an hour from now. */
export function buildOrderInput(
  toolId: string,
  overrides: Partial<NewOrderInput> & { quantity?: number; unitPriceCents?: number } = {},
): NewOrderInput {
  const n = next();
  const { quantity = 10, unitPriceCents, ...rest } = overrides;
  const now = new Date();
  return {
    lines: [{ toolId, quantity, ...(unitPriceCents !== undefined && { unitPriceCents }) }],
    userName: `Buyer ${n}`,
    userEmail: `buyer${n}@example.com`,
    userPhone: '+1 555 0100',
    userAddress: `${n} Main Street, Springfield`,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + 60 * 60_000).toISOString(),
    ...rest,
  };
}

/** Stores a review for a test; a review the store refuses as a duplicate fails the test. */
export async function storeReview(
  store: Pick<Store, 'reviews'>,
  input: ReviewInput,
): Promise<ReviewRecord> {
  const review = await store.reviews.create(input);
  if (review === 'DUPLICATE') throw new Error('the test stored a second review of one tool');
  return review;
}

export function buildReview(overrides: Partial<ReviewInput> = {}): ReviewInput {
  const n = next();
  return {
    review: `Solid tools, fast delivery (review ${n}).`,
    ratings: 5,
    authorEmail: `reviewer${n}@example.com`,
    authorName: `Reviewer ${n}`,
    ...overrides,
  };
}

/** Pay on invoice for a test: the company's terms, with plain invoice parties. */
export function buildPayOnInvoice(companyId: string, now = new Date().toISOString()): PayOnInvoice {
  return {
    companyId,
    now,
    parties: {
      seller: { name: 'Toolworks Inc.', address: ['1 Foundry Lane'] },
      buyer: { company: 'Test Co', billingAddress: [] },
      taxRatePercent: 0,
      taxName: 'Tax',
      currency: 'USD',
      bankDetails: 'Test Bank, IBAN XX00',
    },
  };
}
