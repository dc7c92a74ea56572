// Returns and partial refunds (issue 53): the routes, and the refunds service that the whole-order
// refund and Stripe's webhook use for what a partial refund left.
export { returnsRouter } from './returns.router.js';
export { createRefundsService, type RefundsService } from './refunds.service.js';
