// The reviews module's public face: its routes.
export { reviewsRouter } from './reviews.router.js';
