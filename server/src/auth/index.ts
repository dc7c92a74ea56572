export { createFirebaseIdentity } from './identity.js';
export type { IdentityVerifier, VerifiedIdentity } from './identity.js';
export { signAccessToken, verifyAccessToken } from './access-token.js';
export {
  assertSelfOrAdmin,
  bearerToken,
  currentUser,
  requireAdmin,
  requireUser,
} from './guards.js';
