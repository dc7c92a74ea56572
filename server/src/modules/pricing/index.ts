// The pricing module's public face: whose prices a request shows, for every module that prices
// tools (catalogue, cart, orders, quick order, saved lists, quotes).
export {
  contractPriceOf,
  createCallerCompanies,
  createPricing,
  optionalCaller,
  priceFor,
  pricingDay,
} from './pricing.service.js';
export type { Assignment, Pricing, PricingStore } from './pricing.service.js';
