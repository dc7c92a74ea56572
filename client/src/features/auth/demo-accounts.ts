// The accounts `npm start` creates in the Firebase Auth emulator (scripts/auth-emulator.mjs);
// offered in the emulator's Google dialog so a demo needs no typing.
export const DEMO_GOOGLE_ACCOUNTS = [
  { label: 'Demo Admin', email: 'admin@toolworks.test' },
  { label: 'Demo Customer', email: 'customer@toolworks.test' },
] as const;
