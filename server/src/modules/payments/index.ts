// The payments module's public face: its routes (card payments, Stripe's webhook) and the card
// gateways. Modules that only charge or refund import `./gateways/index.js`, the gateways' own
// face, so that they do not depend on these routes (which use the orders module).
export { paymentsRouter } from './payments.router.js';
export { stripeWebhookRouter } from './webhook.router.js';
export { createPaymentGateway, type PaymentGateway } from './gateways/index.js';
