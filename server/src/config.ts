import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ISO_3166_ALPHA2, US_STATES } from '@toolworks/contract/countries';
import { isEuCountry } from './domain/eu-vat-rates.js';
import type { TaxSeller } from './domain/tax.js';
import { checkVatIdFormat } from './domain/vat-id.js';

/** The only reader of process.env. Parsed once, typed, and refused with a list of problems. */

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..', '..');

export const DEMO_JWT_SECRET = 'toolworks-demo-secret-do-not-use-in-production';
export const DEMO_ADMIN_EMAIL = 'admin@toolworks.test';
/** The demo shop's tax registration (outside production, without SELLER_TAX_ID). */
export const DEMO_SELLER_TAX_ID = 'US-00-0000000 (demo)';

/** The European Commission's VIES REST service, VIES_URL's default in production. */
export const EC_VIES_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api';

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** `Toolworks <orders@toolworks.test>`'s address. */
const mailAddressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
const boolFlag = (fallback: boolean) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1')),
  );
const intIn = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const list = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
);

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: intIn(0, 65535, 3000),
  // Defaulted in loadConfig: 127.0.0.1 outside production, 0.0.0.0 in it.
  HOST: optionalString,
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default(path.join(repoRoot, 'data'))),
  CLIENT_DIST: z.preprocess(
    emptyAsUndefined,
    z.string().default(path.join(repoRoot, 'client', 'dist')),
  ),
  SEED_DEMO_DATA: boolFlag(true),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.string().optional()),
  CORS_ORIGINS: list,
  MONGODB_URI: optionalString,
  MONGODB_DB: z.preprocess(emptyAsUndefined, z.string().default('toolworks')),
  JWT_SECRET: optionalString,
  JWT_TTL: intIn(60, 7 * 24 * 3600, 3600),
  FIREBASE_PROJECT_ID: z.preprocess(emptyAsUndefined, z.string().default('demo-toolworks')),
  FIREBASE_AUTH_EMULATOR_HOST: optionalString,
  FIREBASE_SERVICE_ACCOUNT: optionalString,
  GOOGLE_APPLICATION_CREDENTIALS: optionalString,
  ADMIN_EMAILS: z.preprocess(
    (v) => (v === undefined ? DEMO_ADMIN_EMAIL : v),
    list.transform((emails) => emails.map((e) => e.toLowerCase())),
  ),
  AUTH_RATE_LIMIT_PER_MINUTE: intIn(1, 100000, 30),
  ORDER_RATE_LIMIT_PER_MINUTE: intIn(1, 100000, 60),
  REVIEW_RATE_LIMIT_PER_MINUTE: intIn(1, 100000, 10),
  CATALOGUE_CACHE_MS: intIn(0, 600_000, 5000),
  RESERVATION_MINUTES: intIn(1, 7 * 24 * 60, 60),
  MAX_UNPAID_ORDERS: intIn(1, 1000, 5),
  APPROVAL_WINDOW_DAYS: intIn(1, 90, 7),
  RETURN_DAYS: intIn(0, 365, 30),
  REQUEST_TIMEOUT_MS: intIn(1000, 600_000, 30_000),
  HEADERS_TIMEOUT_MS: intIn(1000, 600_000, 20_000),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  CURRENCY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[a-zA-Z]{3}$/, 'must be a three-letter ISO currency code')
      .default('usd')
      .transform((v) => v.toLowerCase()),
  ),
  PAYMENTS_TEST_MODE: boolFlag(false),
  TEST_CLOCK: boolFlag(false),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().default('Toolworks <orders@toolworks.test>'),
  ),
  SHOP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  ORDERS_NOTIFY_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  MAIL_MAX_ATTEMPTS: intIn(1, 100, 8),
  MAIL_RETRY_BASE_MS: intIn(100, 3_600_000, 30_000),
  MAIL_POLL_MS: intIn(100, 600_000, 5000),
  MAIL_CONCURRENCY: intIn(1, 50, 4),
  SELLER_NAME: z.preprocess(emptyAsUndefined, z.string().default('Toolworks Inc.')),
  SELLER_ADDRESS: z.preprocess(
    emptyAsUndefined,
    z.string().default('1 Foundry Lane, Springfield, USA'),
  ),
  SELLER_TAX_ID: optionalString,
  SELLER_EMAIL: z.preprocess(emptyAsUndefined, z.email().optional()),
  SELLER_PHONE: optionalString,
  SELLER_BANK_DETAILS: z.preprocess(
    emptyAsUndefined,
    z.string().default('Demo Bank, IBAN XX00 0000 0000 0000, BIC DEMOXXXX'),
  ),
  TAX_RATE_PERCENT: z.preprocess(emptyAsUndefined, z.coerce.number().min(0).max(100).default(0)),
  SELLER_COUNTRY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => ISO_3166_ALPHA2.includes(code), {
        error: 'must be an ISO 3166 alpha-2 country code (DE, FR, US...)',
      })
      .optional(),
  ),
  SELLER_STATE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .refine((code) => US_STATES.includes(code), {
        error: 'must be a US state’s two-letter code (NY, CA, TX...)',
      })
      .optional(),
  ),
  SELLER_VAT_ID: z.preprocess(emptyAsUndefined, z.string().trim().optional()),
  VIES_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  VIES_TIMEOUT_MS: intIn(100, 120_000, 20_000),
  IMAGE_DIR: optionalString,
  IMAGE_CONVERSIONS: intIn(1, 64, 2),
  IMAGE_QUEUE: intIn(0, 1000, 8),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
});

type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  /** Node's requestTimeout and headersTimeout: how long a client may take to send a request. */
  timeouts: { requestMs: number; headersMs: number };
  dataDir: string;
  clientDist: string;
  seedDemoData: boolean;
  /** Browser journeys move the reservation clock through POST /api/test/clock (never in production). */
  testClock: boolean;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  trustProxy: string | undefined;
  corsOrigins: string[];
  mongo: { uri: string; dbName: string } | undefined;
  jwt: { secret: string; ttlSeconds: number };
  firebase: {
    projectId: string;
    emulatorHost: string | undefined;
    serviceAccountJson: string | undefined;
    credentialsFile: string | undefined;
  };
  adminEmails: string[];
  rateLimits: { authPerMinute: number; ordersPerMinute: number; reviewsPerMinute: number };
  /** How long a catalogue answer may be served from memory (0: never); see response-cache.ts. */
  catalogueCacheMs: number;
  /**
   * How long an unpaid order holds its stock, how many unpaid orders one buyer may hold, and how
   * many days an order awaiting approval holds its stock before it expires.
   */
  orders: {
    reservationMinutes: number;
    maxUnpaid: number;
    approvalWindowDays: number;
    /** Days after delivery a buyer may ask for a return (issue 53). */
    returnDays: number;
  };
  payments: {
    currency: string;
    stripe:
      | {
          secretKey: string;
          publishableKey: string | undefined;
          webhookSecret: string;
          apiHost: string | undefined;
        }
      | undefined;
    testGatewayAllowed: boolean;
  };
  mail: {
    /** No URL: messages are queued and kept until a sender with a server runs. */
    smtpUrl: string | undefined;
    from: string;
    /** Where links in emails point (the SPA's origin). */
    shopUrl: string;
    notifyEmail: string | undefined;
    maxAttempts: number;
    retryBaseMs: number;
    pollMs: number;
    /** Emails on their way at once from this process: SMTP connections kept open (a pool). */
    concurrency: number;
  };
  invoice: {
    sellerName: string;
    /** Lines separated by commas or "\n". */
    sellerAddress: string;
    sellerTaxId: string | undefined;
    /**
     * Where buyers reach the seller's accounts (issue 52): the e-invoice's seller contact and
     * electronic address (XRechnung wants both, and a phone). `SELLER_EMAIL`, else the address
     * the shop mails from.
     */
    sellerEmail: string;
    sellerPhone: string | undefined;
    /** Printed on invoices on payment terms: where to send the transfer. */
    bankDetails: string;
    taxRatePercent: number;
  };
  /**
   * Who sells, for the tax decision (domain/tax.ts). No country: every line keeps
   * `TAX_RATE_PERCENT`, as before issue 51.
   */
  tax: {
    seller: TaxSeller;
    singleRatePercent: number;
    /**
     * Where VAT IDs are verified (issue 51): VIES_URL, by default the European Commission's
     * service in production and nothing elsewhere (no call leaves a dev machine or a test
     * unless asked: IDs then stay `pending`).
     */
    vies: { url: string | undefined; timeoutMs: number };
  };
  /** Where uploaded tool photos go: S3-compatible storage when a bucket is set, else `dir`. */
  images: {
    dir: string;
    /** Photos converted at once in this process, and uploads waiting beyond them (then 503). */
    conversions: { running: number; waiting: number };
    s3:
      | {
          bucket: string;
          region: string;
          /** Another S3-compatible service (MinIO, R2...): path-style addressing. */
          endpoint: string | undefined;
          /** Both or neither; neither: the SDK's own chain (instance role, env, profile). */
          credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
          /** Where browsers fetch the files; unset: through the API (GET /api/images/...). */
          publicUrl: string | undefined;
        }
      | undefined;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The seller's tax settings belong together: a state only in the US, a VAT ID of its country. */
function sellerProblems(env: Env): string[] {
  const { SELLER_COUNTRY: country, SELLER_STATE: state, SELLER_VAT_ID: vatId } = env;
  const problems: string[] = [];
  if (country === 'US' && !state)
    problems.push('SELLER_STATE is required when SELLER_COUNTRY is US (the state you ship from)');
  if (state && country !== 'US')
    problems.push('SELLER_STATE is only for a US seller: set SELLER_COUNTRY=US or remove it');
  if (vatId && !country) problems.push('SELLER_VAT_ID needs SELLER_COUNTRY (the country it is of)');
  // Outside the EU a tax number has no shape we know; it is printed as given.
  if (vatId && country && isEuCountry(country)) {
    const check = checkVatIdFormat(vatId);
    if (!check.ok) problems.push(`SELLER_VAT_ID is not a valid VAT ID: ${check.reason}`);
    else if (check.country !== country)
      problems.push(`SELLER_VAT_ID is a ${check.country} VAT ID but SELLER_COUNTRY is ${country}`);
  }
  return problems;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];

  if (isProduction) {
    if (!env.JWT_SECRET) problems.push('JWT_SECRET is required in production');
    else if (env.JWT_SECRET === DEMO_JWT_SECRET || /demo|change-?me|secret/i.test(env.JWT_SECRET))
      problems.push('JWT_SECRET is a demo value; set a long random secret');
    else if (env.JWT_SECRET.length < 32)
      problems.push('JWT_SECRET is too short; use at least 32 characters');
    if (env.FIREBASE_AUTH_EMULATOR_HOST)
      problems.push(
        'FIREBASE_AUTH_EMULATOR_HOST must not be set in production (emulator tokens are unsigned)',
      );
    if (env.FIREBASE_PROJECT_ID.startsWith('demo-'))
      problems.push('FIREBASE_PROJECT_ID is a demo project; set your Firebase project id');
    // Unset means the demo admin outside production; here it means nobody was named.
    const adminsNamed = source.ADMIN_EMAILS === undefined ? [] : env.ADMIN_EMAILS;
    if (adminsNamed.length === 0)
      problems.push('ADMIN_EMAILS is required in production: list the shop admins’ addresses');
    if (env.TEST_CLOCK)
      problems.push('TEST_CLOCK must not be set in production (it lets an admin move the clock)');
    // An EN 16931 invoice names the seller's VAT ID or tax registration (BR-CO-26): without
    // either, every invoice would fail its check and none would be issued.
    if (!env.SELLER_VAT_ID && !env.SELLER_TAX_ID)
      problems.push(
        'SELLER_VAT_ID or SELLER_TAX_ID is required in production: an e-invoice (EN 16931) names the seller’s VAT ID or tax registration',
      );
    const demoAdmins = adminsNamed.filter((email) => email.endsWith('.test'));
    if (demoAdmins.length)
      problems.push(
        `ADMIN_EMAILS holds demo addresses (${demoAdmins.join(', ')}); list real admins only`,
      );
  }
  if (env.HEADERS_TIMEOUT_MS > env.REQUEST_TIMEOUT_MS)
    problems.push('HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS');

  const stripeKeys = [env.STRIPE_SECRET_KEY, env.STRIPE_WEBHOOK_SECRET];
  if (stripeKeys.some(Boolean) && !stripeKeys.every(Boolean))
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together');
  if (isProduction && !env.STRIPE_SECRET_KEY && !env.PAYMENTS_TEST_MODE)
    problems.push(
      'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are required in production (or set PAYMENTS_TEST_MODE=true on purpose)',
    );

  const s3Keys = [env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
  if (s3Keys.some(Boolean) && !s3Keys.every(Boolean))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');

  problems.push(...sellerProblems(env));

  if (problems.length) throw new ConfigError(problems);

  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    // Outside production the demo secret and the emulator's password-less Google chooser must
    // not be reachable from the network; the Dockerfile sets HOST=0.0.0.0 itself.
    host: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, headersMs: env.HEADERS_TIMEOUT_MS },
    dataDir: path.resolve(env.DATA_DIR),
    clientDist: path.resolve(env.CLIENT_DIST),
    seedDemoData: env.SEED_DEMO_DATA,
    testClock: env.TEST_CLOCK,
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    mongo: env.MONGODB_URI ? { uri: env.MONGODB_URI, dbName: env.MONGODB_DB } : undefined,
    jwt: { secret: env.JWT_SECRET ?? DEMO_JWT_SECRET, ttlSeconds: env.JWT_TTL },
    firebase: {
      projectId: env.FIREBASE_PROJECT_ID,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST,
      serviceAccountJson: env.FIREBASE_SERVICE_ACCOUNT,
      credentialsFile: env.GOOGLE_APPLICATION_CREDENTIALS,
    },
    adminEmails: env.ADMIN_EMAILS,
    rateLimits: {
      authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      ordersPerMinute: env.ORDER_RATE_LIMIT_PER_MINUTE,
      reviewsPerMinute: env.REVIEW_RATE_LIMIT_PER_MINUTE,
    },
    catalogueCacheMs: env.CATALOGUE_CACHE_MS,
    orders: {
      reservationMinutes: env.RESERVATION_MINUTES,
      maxUnpaid: env.MAX_UNPAID_ORDERS,
      approvalWindowDays: env.APPROVAL_WINDOW_DAYS,
      returnDays: env.RETURN_DAYS,
    },
    payments: {
      currency: env.CURRENCY,
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              publishableKey: env.STRIPE_PUBLISHABLE_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiHost: env.STRIPE_API_HOST,
            }
          : undefined,
      testGatewayAllowed: !isProduction || env.PAYMENTS_TEST_MODE,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      shopUrl: (env.SHOP_URL ?? `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, ''),
      notifyEmail: env.ORDERS_NOTIFY_EMAIL?.toLowerCase(),
      maxAttempts: env.MAIL_MAX_ATTEMPTS,
      retryBaseMs: env.MAIL_RETRY_BASE_MS,
      pollMs: env.MAIL_POLL_MS,
      concurrency: env.MAIL_CONCURRENCY,
    },
    invoice: {
      sellerName: env.SELLER_NAME,
      sellerAddress: env.SELLER_ADDRESS,
      // Outside production a demo registration, so the demo shop's invoices pass EN 16931.
      sellerTaxId: env.SELLER_TAX_ID ?? (isProduction ? undefined : DEMO_SELLER_TAX_ID),
      sellerEmail: env.SELLER_EMAIL ?? mailAddressOf(env.MAIL_FROM),
      sellerPhone: env.SELLER_PHONE,
      bankDetails: env.SELLER_BANK_DETAILS,
      taxRatePercent: env.TAX_RATE_PERCENT,
    },
    tax: {
      seller: {
        ...(env.SELLER_COUNTRY && { country: env.SELLER_COUNTRY }),
        ...(env.SELLER_STATE && { state: env.SELLER_STATE }),
        ...(env.SELLER_VAT_ID && { vatId: env.SELLER_VAT_ID }),
      },
      singleRatePercent: env.TAX_RATE_PERCENT,
      vies: {
        url: (env.VIES_URL ?? (isProduction ? EC_VIES_URL : undefined))?.replace(/\/+$/, ''),
        timeoutMs: env.VIES_TIMEOUT_MS,
      },
    },
    images: {
      dir: path.resolve(env.IMAGE_DIR ?? path.join(env.DATA_DIR, 'images')),
      conversions: { running: env.IMAGE_CONVERSIONS, waiting: env.IMAGE_QUEUE },
      s3: env.S3_BUCKET
        ? {
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : undefined,
            publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
          }
        : undefined,
    },
  };
}
