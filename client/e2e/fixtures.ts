// Shared by the browser journeys: what `npm start` seeds (scripts/auth-emulator.mjs) and where
// the Firebase Auth emulator it runs answers.
export const DEMO_ADMIN = {
  email: 'admin@toolworks.test',
  password: 'Admin123!',
  name: 'Demo Admin',
};
export const DEMO_CUSTOMER = {
  email: 'customer@toolworks.test',
  password: 'Customer123!',
  name: 'Demo Customer',
};

export const AUTH_EMULATOR_URL = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099'}`;
export const AUTH_EMULATOR_PROJECT = process.env.FIREBASE_PROJECT_ID ?? 'demo-toolworks';
