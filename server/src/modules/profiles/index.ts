// The profiles module's public face: its routes.
export { profilesRouter } from './profiles.router.js';
