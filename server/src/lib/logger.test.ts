import { describe, expect, it } from 'vitest';
import { logTransport } from './logger.js';

describe('logTransport', () => {
  it('when stdout is a terminal and pino-pretty is installed, then lines are pretty-printed', () => {
    expect(logTransport({ level: 'info', isTTY: true, prettyInstalled: true })).toMatchObject({
      target: 'pino-pretty',
    });
  });

  it('when stdout is a pipe or a file, then lines stay JSON', () => {
    expect(logTransport({ level: 'info', isTTY: false, prettyInstalled: true })).toBeUndefined();
  });

  it('when pino-pretty is not installed (a production install), then lines stay JSON', () => {
    expect(logTransport({ level: 'info', isTTY: true, prettyInstalled: false })).toBeUndefined();
  });

  it('when the logger is silent, then no transport is started', () => {
    expect(logTransport({ level: 'silent', isTTY: true, prettyInstalled: true })).toBeUndefined();
  });
});
