import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import type { RequestHandler } from 'express';
import type { Config } from '../config.js';
import { recordHeaders, type HeaderValue } from './record-headers.js';

type CspConfig = Pick<Config, 'isProduction' | 'firebase' | 'payments'>;
export type CspDirectives = Record<string, string[]>;

const FIREBASE_API_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];
const DEFAULT_EMULATOR_ORIGIN = 'http://127.0.0.1:9099';

/** A `demo-` project exists only in the emulator, so the real Firebase hosts are not needed. */
function usesRealFirebase(config: CspConfig): boolean {
  return !config.firebase.projectId.startsWith('demo-');
}

function emulatorOrigin(config: CspConfig): string | undefined {
  const host = config.firebase.emulatorHost;
  if (host) return /^https?:\/\//.test(host) ? host : `http://${host}`;
  return config.isProduction ? undefined : DEFAULT_EMULATOR_ORIGIN;
}

/**
 * CSP hash sources ('sha256-…') for the <style> elements of the built index.html: the client
 * build inlines its entry stylesheet there (client/vite.config.ts). None without a build.
 */
export function inlineStyleHashes(indexHtml: string): string[] {
  return [...indexHtml.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css]) =>
      `'sha256-${createHash('sha256')
        .update(css ?? '')
        .digest('base64')}'`,
  );
}

function builtIndexHtml(clientDist: string): string {
  try {
    return fs.readFileSync(path.join(clientDist, 'index.html'), 'utf8');
  } catch {
    return '';
  }
}

/**
 * The Content-Security-Policy the built SPA runs under: only our own scripts and styles (and
 * index.html's inlined stylesheet, by hash), plus the sign-in and card providers when they are
 * configured.
 */
export function buildCsp(config: CspConfig, styleHashes: string[] = []): CspDirectives {
  const script = ["'self'"];
  const connect = ["'self'"];
  const frame: string[] = [];

  if (usesRealFirebase(config)) {
    connect.push(...FIREBASE_API_ORIGINS);
    // Google sign-in by popup loads Google's API script and talks through an auth-domain iframe.
    script.push('https://apis.google.com');
    frame.push(`https://${config.firebase.projectId}.firebaseapp.com`);
  }
  const emulator = emulatorOrigin(config);
  if (emulator) connect.push(emulator);

  if (config.payments.stripe) {
    script.push('https://js.stripe.com');
    connect.push('https://api.stripe.com');
    frame.push('https://js.stripe.com', 'https://hooks.stripe.com');
  }

  const directives: CspDirectives = {
    'default-src': ["'self'"],
    'script-src': script,
    'script-src-attr': ["'none'"],
    // React's style prop writes through the CSSOM, which CSP allows; no 'unsafe-inline' needed.
    'style-src': ["'self'", ...styleHashes],
    // Admins give tool images as any https URL; Vite inlines small assets as data: URLs.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'frame-src': frame.length ? frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  // Outside production it would make browsers fetch http://localhost subresources over https.
  if (config.isProduction) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/** The headers every answer carries, as helmet would set them; see `recordHeaders`. */
export interface SecurityHeaders {
  /** For Express: sets the headers on each response. */
  middleware: RequestHandler;
  /** Name and value of each header, for answers written without Express (lib/direct-routes.ts). */
  list: readonly (readonly [string, HeaderValue])[];
}

/**
 * Read once: a new client build comes with a restart (index.html is read at startup). Helmet's
 * headers here depend on nothing in the request (no CSP nonces), yet it rebuilds them through a
 * dozen middleware calls per request: a visible share of an uncached answer's time
 * (docs/performance.md). So it runs once and each request gets the recorded headers in one loop.
 */
export function securityHeaders(config: CspConfig & Pick<Config, 'clientDist'>): SecurityHeaders {
  const styleHashes = inlineStyleHashes(builtIndexHtml(config.clientDist));
  const { set, removed } = recordHeaders(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: buildCsp(config, styleHashes) },
      // HSTS on localhost would pin the developer's browser to https for every local project.
      strictTransportSecurity: config.isProduction
        ? { maxAge: 31_536_000, includeSubDomains: true }
        : false,
      // Firebase API keys may be restricted by referrer, so send the origin to other sites.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // The legacy twin of frame-ancestors 'none', for browsers that predate CSP level 2.
      xFrameOptions: { action: 'deny' },
      // Google sign-in's popup reports back to its opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    }),
  );
  return {
    middleware: (_req, res, next) => {
      for (const name of removed) res.removeHeader(name);
      for (const [name, value] of set) res.setHeader(name, value);
      next();
    },
    list: set,
  };
}
