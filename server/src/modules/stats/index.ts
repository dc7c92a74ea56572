// The stats module's public face: its routes (the admin's Overview figures).
export { statsRouter } from './stats.router.js';
