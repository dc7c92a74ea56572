// The orders module's public face: its routes, and what other modules (cart, payments, quotes,
// admin orders, stats) may use. Everything else in this folder is private to it (lint enforces it).
export { ordersRoutes } from './orders.router.js';
export { approvalsRouter } from './approvals.router.js';
export { createExpiry, type ExpireDueOrders, type OrderNotifier } from './expiry.js';
export { orderNumber, toOrderWire } from './order-wire.js';
export { checkQuantity } from './orders.service.js';
export { lineFailure, placeLines, removedBuyer, type PlaceDeps } from './place-order.js';
export { idempotencyClaim, keyReused, replayedOrder } from './idempotency.js';
export { createNotifier, type Notifier, type NotifyDetails } from './mail/notify.js';
export { renderBodySource } from './mail/body-source.js';
