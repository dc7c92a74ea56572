// The quick order module's public face: its routes (a pasted or uploaded list into the cart).
export { quickOrderRouter } from './quick-order.router.js';
