import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { PROD_ENV } from './test/prod-env.js';

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig: ADMIN_EMAILS in production', () => {
  it('when production lists a real admin, then it starts', () => {
    expect(loadConfig(PROD_ENV).adminEmails).toEqual(['owner@toolworks.example']);
  });

  it.each([
    ['unset', undefined],
    ['empty', ''],
    ['only commas', ' , '],
  ])('when ADMIN_EMAILS is %s, then production refuses to start naming it', (_case, value) => {
    expect(problemsOf({ ...PROD_ENV, ADMIN_EMAILS: value })).toEqual([
      expect.stringMatching(/^ADMIN_EMAILS is required in production/),
    ]);
  });

  it('when ADMIN_EMAILS still holds a demo (*.test) address, then production refuses naming it', () => {
    const problems = problemsOf({
      ...PROD_ENV,
      ADMIN_EMAILS: 'owner@toolworks.example, Admin@Toolworks.TEST',
    });
    expect(problems).toEqual([expect.stringContaining('admin@toolworks.test')]);
    expect(problems[0]).toMatch(/demo addresses/);
  });

  it('when outside production ADMIN_EMAILS is unset, then the demo admin is listed', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).adminEmails).toEqual(['admin@toolworks.test']);
  });
});

describe('loadConfig: HOST', () => {
  it('when HOST is unset outside production, then the server listens on 127.0.0.1 only', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
  });

  it('when HOST is unset in production, then every interface (behind its proxy)', () => {
    expect(loadConfig(PROD_ENV).host).toBe('0.0.0.0');
  });

  it('when HOST is set, then that address', () => {
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});

describe('loadConfig: request timeouts', () => {
  it('when unset, then 30 s for a request and 20 s for its headers', () => {
    expect(loadConfig({}).timeouts).toEqual({ requestMs: 30_000, headersMs: 20_000 });
  });

  it('when set, then those values', () => {
    const config = loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000' });
    expect(config.timeouts).toEqual({ requestMs: 5000, headersMs: 2000 });
  });

  it('when the headers may take longer than the whole request, then it refuses naming both', () => {
    expect(problemsOf({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '8000' })).toEqual([
      'HEADERS_TIMEOUT_MS must not be longer than REQUEST_TIMEOUT_MS',
    ]);
  });
});

describe('loadConfig: the seller’s tax settings', () => {
  it('when none is set, then every line keeps TAX_RATE_PERCENT (no seller country)', () => {
    expect(loadConfig({ TAX_RATE_PERCENT: '8' }).tax).toEqual({
      seller: {},
      singleRatePercent: 8,
      vies: { url: undefined, timeoutMs: 20_000 },
    });
  });

  it('when VIES_URL is unset, then development asks no VIES and production the European Commission', () => {
    expect(loadConfig({}).tax.vies.url).toBeUndefined();
    expect(loadConfig(PROD_ENV).tax.vies.url).toBe(
      'https://ec.europa.eu/taxation_customs/vies/rest-api',
    );
    expect(loadConfig({ VIES_URL: 'http://127.0.0.1:9/vies/' }).tax.vies.url).toBe(
      'http://127.0.0.1:9/vies',
    );
    expect(() => loadConfig({ VIES_URL: 'not a url' })).toThrow(/VIES_URL/);
  });

  it.each([
    [
      { SELLER_COUNTRY: 'de', SELLER_VAT_ID: 'DE136695976' },
      { country: 'DE', vatId: 'DE136695976' },
    ],
    [
      { SELLER_COUNTRY: 'GR', SELLER_VAT_ID: 'EL094259216' },
      { country: 'GR', vatId: 'EL094259216' },
    ],
    [
      { SELLER_COUNTRY: 'US', SELLER_STATE: 'ny' },
      { country: 'US', state: 'NY' },
    ],
    [
      { SELLER_COUNTRY: 'CH', SELLER_VAT_ID: 'CHE-123.456.788 MWST' },
      { country: 'CH', vatId: 'CHE-123.456.788 MWST' },
    ],
  ])('when %o, then the seller is %o', (env, seller) => {
    expect(loadConfig(env).tax.seller).toEqual(seller);
  });

  it.each([
    [
      { SELLER_COUNTRY: 'XX' },
      'SELLER_COUNTRY: must be an ISO 3166 alpha-2 country code (DE, FR, US...)',
    ],
    [
      { SELLER_COUNTRY: 'Germany' },
      'SELLER_COUNTRY: must be an ISO 3166 alpha-2 country code (DE, FR, US...)',
    ],
    [
      { SELLER_COUNTRY: 'US', SELLER_STATE: 'ZZ' },
      'SELLER_STATE: must be a US state’s two-letter code (NY, CA, TX...)',
    ],
    [
      { SELLER_COUNTRY: 'US' },
      'SELLER_STATE is required when SELLER_COUNTRY is US (the state you ship from)',
    ],
    [
      { SELLER_COUNTRY: 'DE', SELLER_STATE: 'NY' },
      'SELLER_STATE is only for a US seller: set SELLER_COUNTRY=US or remove it',
    ],
    [{ SELLER_VAT_ID: 'DE136695976' }, 'SELLER_VAT_ID needs SELLER_COUNTRY (the country it is of)'],
    [
      { SELLER_COUNTRY: 'DE', SELLER_VAT_ID: 'DE123456789' },
      'SELLER_VAT_ID is not a valid VAT ID: The check digit of this DE VAT ID is wrong',
    ],
    [
      { SELLER_COUNTRY: 'FR', SELLER_VAT_ID: 'DE136695976' },
      'SELLER_VAT_ID is a DE VAT ID but SELLER_COUNTRY is FR',
    ],
  ])('when %o, then it refuses to start: %s', (env, problem) => {
    expect(problemsOf(env)).toEqual([problem]);
  });
});

describe('loadConfig: the seller’s tax registration (e-invoices)', () => {
  it('when production has neither SELLER_VAT_ID nor SELLER_TAX_ID, then it refuses to start naming them', () => {
    expect(problemsOf({ ...PROD_ENV, SELLER_TAX_ID: undefined })).toEqual([
      expect.stringMatching(/^SELLER_VAT_ID or SELLER_TAX_ID is required in production/),
    ]);
  });

  it('when production has a VAT ID and no tax number, then it starts without a demo tax number', () => {
    const config = loadConfig({
      ...PROD_ENV,
      SELLER_TAX_ID: undefined,
      SELLER_COUNTRY: 'DE',
      SELLER_VAT_ID: 'DE136695976',
    });
    expect(config.invoice.sellerTaxId).toBeUndefined();
  });

  it('when outside production SELLER_TAX_ID is unset, then the demo registration is used', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).invoice.sellerTaxId).toMatch(/demo/);
  });
});
