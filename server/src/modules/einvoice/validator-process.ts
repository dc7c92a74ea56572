import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidationReport, ValidationTarget } from './validate.js';

/**
 * Where an e-invoice is validated before it is issued: a long-lived child process, not the
 * server's own. SaxonJS and the compiled rules cost the process that loads them about 130 MB
 * RSS (measured: 54 MB before, 124 MB after importing SaxonJS and xmllint-wasm, 155-184 MB after
 * validating; docs/performance.md), while the shop's day already peaks at about 144 MB of its
 * 150 MB budget. A worker thread would share the server's RSS, and loading lazily in-process
 * would only defer the same 130 MB; the child's memory is its own (the bench reports it apart).
 *
 * The child is forked on the first document (an instance that issues none never starts it),
 * loads the rules once and validates over IPC. Each request has a timeout; a child that times
 * out is killed, and one that dies fails what it held: the next document starts a new one.
 * The channel is unref'd while nothing is pending, so the child never keeps the server alive.
 */
export interface EInvoiceValidator {
  validate(xml: string, target: ValidationTarget): Promise<ValidationReport>;
  /** The child's process id while it runs (the bench reads its memory). */
  pid(): number | undefined;
  close(): void;
}

export class ValidatorUnavailable extends Error {}

const here = fileURLToPath(import.meta.url);
// From the sources (tests, `npm run dev`) the child is TypeScript, run through tsx.
const fromSources = here.endsWith('.ts');
const CHILD = join(dirname(here), fromSources ? 'validator-child.ts' : 'validator-child.js');

interface Pending {
  resolve(report: ValidationReport): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

type Answer = { id: number; report: ValidationReport } | { id: number; error: string };

export function createValidatorProcess(options: { timeoutMs?: number } = {}): EInvoiceValidator {
  // The first document waits for the child to start and read its rules (about 1 s).
  const timeoutMs = options.timeoutMs ?? 20_000;
  let child: ChildProcess | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let closed = false;

  const failAll = (err: Error) => {
    for (const [id, request] of pending) {
      clearTimeout(request.timer);
      pending.delete(id);
      request.reject(err);
    }
  };

  function start(): ChildProcess {
    const started = fork(CHILD, [], {
      // The server's heap flags (scripts/server-flags.mjs) keep the child's heap near its live set.
      execArgv: fromSources
        ? ['--import', 'tsx']
        : ['--max-semi-space-size=4', '--heap-growing-percent=30'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (answer: Answer) => {
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      clearTimeout(request.timer);
      if (!pending.size) started.channel?.unref();
      if ('report' in answer) request.resolve(answer.report);
      else request.reject(new ValidatorUnavailable(answer.error));
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      failAll(new ValidatorUnavailable(`The validator stopped (${signal ?? code})`));
    });
    started.on('error', (err) => {
      if (child === started) child = null;
      failAll(new ValidatorUnavailable(err.message));
    });
    return started;
  }

  /** Sends one document to the child (started if none runs) and waits for its report. */
  function send(xml: string, target: ValidationTarget): Promise<ValidationReport> {
    if (closed) return Promise.reject(new ValidatorUnavailable('The validator was closed'));
    child ??= start();
    const running = child;
    const id = nextId++;
    return new Promise<ValidationReport>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new ValidatorUnavailable(`The validator did not answer in ${timeoutMs} ms`));
        // Stuck: a new one serves the next document.
        if (child === running) child = null;
        running.kill();
      }, timeoutMs);
      timer.unref();
      pending.set(id, { resolve, reject, timer });
      running.channel?.ref();
      running.send({ id, xml, target });
    });
  }

  // One document at a time: each runs xmllint in a worker thread of its own (about 16 MB of
  // WebAssembly memory and an isolate each), so a burst of payments sent at once took the child
  // to 800 MB; in turn it stays near 190 MB, and each timeout counts from its own start.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    validate(xml, target) {
      const turn = queue.then(() => send(xml, target));
      queue = turn.catch(() => undefined);
      return turn;
    },
    pid: () => child?.pid,
    close() {
      closed = true;
      failAll(new ValidatorUnavailable('The validator was closed'));
      child?.kill();
      child = null;
    },
  };
}

let shared: EInvoiceValidator | null = null;

/** This process's validator, started on its first document. */
export function sharedValidator(): EInvoiceValidator {
  shared ??= createValidatorProcess();
  return shared;
}
