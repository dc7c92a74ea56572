import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CreditNoteRecord, InvoiceRecord, InvoiceSnapshot } from '../../store/store.js';
import type { ValidationReport, ValidationTarget } from '../einvoice/index.js';

/**
 * Where the invoices' heavy work runs: a long-lived child process, not the server's own. It
 * checks an e-invoice against the official rules before the document is numbered, and draws
 * the Factur-X PDFs (PDF/A-3 with embedded fonts and the CII attached). SaxonJS with the
 * compiled rules costs the process that loads them about 70 MB, libxml2's compiled schemas
 * about 20 MB, and pdfkit with the Arimo fonts about 10 MB more after a few documents
 * (docs/performance.md), while the shop's day peaks near its 150 MB budget: in the child, that
 * memory is its own (the bench reports it apart). A worker thread would share the server's RSS.
 *
 * The child is forked on the first request (an instance that issues none never starts it),
 * loads what it needs once and answers over IPC, one request at a time. Each request has a
 * timeout; a child that times out is killed, and one that dies fails what it held: the next
 * request starts a new one. The channel is unref'd while nothing is pending, so the child never
 * keeps the server alive.
 */
export interface DocumentsProcess {
  validate(xml: string, target: ValidationTarget): Promise<ValidationReport>;
  /** The invoice's PDF, Factur-X with `xml` (its CII, EN 16931 profile) attached. */
  invoicePdf(invoice: InvoiceRecord & { snapshot: InvoiceSnapshot }, xml: string): Promise<Buffer>;
  creditNotePdf(note: CreditNoteRecord, xml: string): Promise<Buffer>;
  /** The child's process id while it runs (the bench reads its memory). */
  pid(): number | undefined;
  close(): void;
}

export class DocumentsUnavailable extends Error {}

/** What the child is asked (documents-child.ts answers it). */
export type DocumentsRequest = { id: number } & (
  | { kind: 'validate'; xml: string; target: ValidationTarget }
  | { kind: 'invoice-pdf'; record: InvoiceRecord & { snapshot: InvoiceSnapshot }; xml: string }
  | { kind: 'credit-note-pdf'; record: CreditNoteRecord; xml: string }
);

export type DocumentsAnswer =
  | { id: number; report: ValidationReport }
  | { id: number; pdf: Uint8Array }
  | { id: number; error: string };

const here = fileURLToPath(import.meta.url);
// From the sources (tests, `npm run dev`) the child is TypeScript, run through tsx.
const fromSources = here.endsWith('.ts');
const CHILD = join(dirname(here), fromSources ? 'documents-child.ts' : 'documents-child.js');

interface Pending {
  resolve(answer: DocumentsAnswer): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

type Ask = DocumentsRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

export function createDocumentsProcess(
  options: {
    timeoutMs?: number;
    /**
     * The child's V8 flags. Built, by default the parent's own (fork passes them on): the
     * server's (scripts/server-flags.mjs), which keep the child's heap near its live set too.
     */
    execArgv?: string[];
  } = {},
): DocumentsProcess {
  // The first request waits for the child to start and read its rules (about 1 s).
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
      // From the sources, the contract package is read from its TypeScript too (its `exports`).
      execArgv: fromSources
        ? ['--conditions=@toolworks/source', '--import', 'tsx']
        : (options.execArgv ?? process.execArgv),
      // Structured clone: a PDF comes back as bytes, not as a JSON array of numbers.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    started.on('message', (answer: DocumentsAnswer) => {
      const request = pending.get(answer.id);
      if (!request) return;
      pending.delete(answer.id);
      clearTimeout(request.timer);
      if (!pending.size) started.channel?.unref();
      if ('error' in answer) request.reject(new DocumentsUnavailable(answer.error));
      else request.resolve(answer);
    });
    started.on('exit', (code, signal) => {
      if (child === started) child = null;
      failAll(new DocumentsUnavailable(`The documents process stopped (${signal ?? code})`));
    });
    started.on('error', (err) => {
      if (child === started) child = null;
      failAll(new DocumentsUnavailable(err.message));
    });
    return started;
  }

  /** Sends one request to the child (started if none runs) and waits for its answer. */
  function send(ask: Ask): Promise<DocumentsAnswer> {
    if (closed) return Promise.reject(new DocumentsUnavailable('The documents process was closed'));
    child ??= start();
    const running = child;
    const id = nextId++;
    return new Promise<DocumentsAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new DocumentsUnavailable(`The documents process did not answer in ${timeoutMs} ms`));
        // Stuck: a new one serves the next request.
        if (child === running) child = null;
        running.kill();
      }, timeoutMs);
      timer.unref();
      pending.set(id, { resolve, reject, timer });
      running.channel?.ref();
      running.send({ id, ...ask });
    });
  }

  // One request at a time: the child works on one after another anyway, and sent in turn each
  // timeout counts from its own start, not from a burst's (xmllint-wasm, the schema check before
  // libxml2-wasm, took the child to 800 MB on a burst: a worker thread per document).
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = (ask: Ask) => {
    const turn = queue.then(() => send(ask));
    queue = turn.catch(() => undefined);
    return turn;
  };
  const pdfOf = async (ask: Ask) => {
    const answer = await inTurn(ask);
    if (!('pdf' in answer)) throw new DocumentsUnavailable('The documents process drew no PDF');
    return Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength);
  };

  return {
    async validate(xml, target) {
      const answer = await inTurn({ kind: 'validate', xml, target });
      if (!('report' in answer))
        throw new DocumentsUnavailable('The documents process sent no report');
      return answer.report;
    },
    invoicePdf: (record, xml) => pdfOf({ kind: 'invoice-pdf', record, xml }),
    creditNotePdf: (record, xml) => pdfOf({ kind: 'credit-note-pdf', record, xml }),
    pid: () => child?.pid,
    close() {
      closed = true;
      failAll(new DocumentsUnavailable('The documents process was closed'));
      child?.kill();
      child = null;
    },
  };
}

let shared: DocumentsProcess | null = null;

/** This process's documents child, started on its first request. */
export function sharedDocumentsProcess(): DocumentsProcess {
  shared ??= createDocumentsProcess();
  return shared;
}
