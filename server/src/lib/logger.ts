import { createRequire } from 'node:module';
import { pino, type Logger, type TransportSingleOptions } from 'pino';
import type { Config } from '../config.js';

export type { Logger };

export interface LogOutput {
  level: string;
  /** Whether stdout is a terminal a person reads. */
  isTTY: boolean;
  /** Whether pino-pretty can be loaded (a devDependency: absent from production installs). */
  prettyInstalled: boolean;
}

/**
 * Pretty lines for a person at a terminal (`npm start`, `npm run dev`); JSON lines for anything
 * else (a pipe, a log collector, tests), which is what production log tooling reads.
 */
export function logTransport(output: LogOutput): TransportSingleOptions | undefined {
  // A silent logger would start the transport's worker thread for nothing.
  if (output.level === 'silent' || !output.isTTY || !output.prettyInstalled) return undefined;
  return {
    target: 'pino-pretty',
    options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
  };
}

function canLoad(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  output: Omit<LogOutput, 'level'> = {
    isTTY: process.stdout.isTTY === true,
    prettyInstalled: canLoad('pino-pretty'),
  },
): Logger {
  const transport = logTransport({ ...output, level: config.logLevel });
  return pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["stripe-signature"]'],
    ...(transport ? { transport } : {}),
  });
}
