import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { buildCsp } from './security-headers.js';
import { PROD_ENV } from '../test/prod-env.js';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('buildCsp', () => {
  it('when running locally with the emulator and no Stripe, then only self and the emulator are reachable', () => {
    const csp = buildCsp(loadConfig({ NODE_ENV: 'development' }));
    expect(csp['connect-src']).toEqual(["'self'", 'http://127.0.0.1:9099']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['upgrade-insecure-requests']).toBeUndefined();
  });

  it('when the emulator host is configured, then its origin is allowed', () => {
    const csp = buildCsp(
      loadConfig({ NODE_ENV: 'test', FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199' }),
    );
    expect(csp['connect-src']).toContain('http://localhost:9199');
  });

  it('when in production with a real Firebase project, then its hosts are allowed and the emulator is not', () => {
    const csp = buildCsp(loadConfig(PROD_ENV));
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(csp['frame-src']).toEqual(['https://toolworks-prod.firebaseapp.com']);
    expect(csp['upgrade-insecure-requests']).toEqual([]);
  });

  it('when Stripe is configured, then Stripe.js, its frames and its API are allowed', () => {
    const csp = buildCsp(loadConfig({ ...PROD_ENV, ...STRIPE }));
    expect(csp['script-src']).toContain('https://js.stripe.com');
    expect(csp['frame-src']).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(csp['connect-src']).toContain('https://api.stripe.com');
  });

  it('when Stripe is not configured, then no Stripe host appears anywhere', () => {
    expect(JSON.stringify(buildCsp(loadConfig(PROD_ENV)))).not.toContain('stripe');
  });

  it('whatever the config, then framing, plugins and base changes are refused', () => {
    const csp = buildCsp(loadConfig({ ...PROD_ENV, ...STRIPE }));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });
});
