// The admin orders module's public face: fulfilment (refunds) is also run by payments, when a
// payment lands on an order that can no longer take it.
export { createFulfilmentService, type FulfilmentDeps } from './fulfilment.service.js';
export { adminOrdersRouter } from './admin-orders.router.js';
