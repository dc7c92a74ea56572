// The price lists module's public face (issue 50): its routes (price lists, the explanation of a
// price). The resolver itself is the domain's (domain/pricing.ts).
export { priceListsRouter, priceListUploadsRouter } from './price-lists.router.js';
