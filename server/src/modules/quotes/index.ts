// The quotes module's public face: its routes and the notifier that queues quote emails.
export { quotesRouter } from './quotes.router.js';
export { createQuoteNotifier, type QuoteNotifier } from './quote-notify.js';
