// The cart module's public face: saved lists put their lines in the cart with the cart's rules.
export { createCartService } from './cart.service.js';
export { cartRouter } from './cart.router.js';
