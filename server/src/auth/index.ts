export { createFirebaseIdentity } from './identity.js';
export type { IdentityVerifier, VerifiedIdentity } from './identity.js';
export { signAccessToken, verifyAccessToken } from './access-token.js';
export {
  assertSelfOrAdmin,
  bearerToken,
  currentUser,
  requireAdmin,
  requireUser,
  REMOVED_ACCOUNT_MESSAGE,
  withCurrentRights,
} from './guards.js';
