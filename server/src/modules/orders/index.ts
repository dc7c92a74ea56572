// The orders module's public face: what other modules (cart, payments, quotes, admin orders,
// stats) may use. Everything else in this folder is private to it (lint enforces it).
export { createExpiry, type ExpireDueOrders, type OrderNotifier } from './expiry.js';
export { orderNumber, toOrderWire } from './order-wire.js';
export { checkQuantity } from './orders.service.js';
export { lineFailure, placeLines, removedBuyer, type PlaceDeps } from './place-order.js';
export { createOrderAccess } from './order-access.js';
export { idempotencyClaim, keyReused, replayedOrder } from './idempotency.js';
