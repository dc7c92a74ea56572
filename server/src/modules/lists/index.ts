// The saved lists module's public face: its routes.
export { listsRouter } from './lists.router.js';
