// The price lists module's public face: its routes (lists, their CSV, the price explanation).
export { priceListsRouter, priceListWritesRouter } from './price-lists.router.js';
