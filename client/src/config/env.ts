// The only reader of import.meta.env: everything else imports `env` so that the set of
// build-time settings stays visible in one place.
const raw = import.meta.env;

function optional(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

// A trailing slash would produce `//tools`, which some proxies treat as a different path.
function stripTrailingSlash(url: string): string {
  return url.length > 1 ? url.replace(/\/+$/, '') : url;
}

// Emulator mode is "no Firebase project given": sign-in then runs against the local Firebase
// Auth emulator that `npm start`, `npm run dev` and the browser tests start.
const firebaseApiKey = optional(raw.VITE_FIREBASE_API_KEY);
const authEmulatorHost = optional(raw.VITE_FIREBASE_AUTH_EMULATOR_HOST) ?? '127.0.0.1:9099';

export const env = {
  apiUrl: stripTrailingSlash(optional(raw.VITE_API_URL) ?? '/api'),
  firebase: {
    apiKey: firebaseApiKey,
    authDomain: optional(raw.VITE_FIREBASE_AUTH_DOMAIN),
    projectId: optional(raw.VITE_FIREBASE_PROJECT_ID) ?? 'demo-toolworks',
    appId: optional(raw.VITE_FIREBASE_APP_ID),
    emulator: !firebaseApiKey,
    authEmulatorHost,
    emulatorUrl: /^https?:\/\//.test(authEmulatorHost)
      ? authEmulatorHost
      : `http://${authEmulatorHost}`,
  },
} as const;

export type Env = typeof env;
