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
