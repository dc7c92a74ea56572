export { createFirebaseIdentity, noSignIn, signInNotVerified } from './identity.js';
export type { IdentityVerifier, VerifiedIdentity } from './identity.js';
export { signAccessToken, verifyAccessToken } from './access-token.js';
export {
  assertSelfOrAdmin,
  authenticateBearer,
  bearerIn,
  bearerToken,
  currentUser,
  requireAdmin,
  requireUser,
  REMOVED_ACCOUNT_MESSAGE,
  SIGNED_IN_CACHE_CONTROL,
  withCurrentRights,
} from './guards.js';
export type { GuardDeps } from './guards.js';
