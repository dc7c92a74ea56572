// The auth module's public face: its routes (the token exchange, sign-out).
export { authRouter } from './auth.router.js';
