/**
 * A complete production environment for `loadConfig` with no real secrets: a strong JWT secret,
 * a Firebase project, an admin, and the test payment gateway instead of Stripe keys.
 */
export const PROD_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q7Vd2kPz9LwXr4NbTy8HcEm3JsAu6FgR',
  FIREBASE_PROJECT_ID: 'toolworks-prod',
  ADMIN_EMAILS: 'owner@toolworks.example',
  PAYMENTS_TEST_MODE: 'true',
  SELLER_TAX_ID: '12-3456789',
};
