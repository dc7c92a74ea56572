// The categories module's public face: its routes.
export { categoriesRouter } from './categories.router.js';
