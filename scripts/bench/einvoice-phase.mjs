// E-invoices (issue 52): building and validating one invoice as the shop issues it: the
// Factur-X CII (EN 16931) written from the snapshot, checked by the documents child (the XML
// Schema and the EN 16931 Schematron, modules/invoices/documents-process.ts), and the hybrid
// PDF drawn there with it attached. Over EINVOICE_DOCUMENTS documents of the corpus (einvoice-corpus.ts),
// one after another; p50 and p99 against 150 and 400 ms. Memory: the peak RSS of the documents
// child (its own budget, apart from the server's) and of this process, which stands in for the
// server's part (the model and the XML). `npm run bench` runs it; `node
// scripts/bench/einvoice-phase.mjs` runs it alone (after `npm run build -w server`).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_FLAGS } from '../server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const EINVOICE_DOCUMENTS = 120;
export const EINVOICE_TARGETS = { p50: 150, p99: 400 };

/** The largest RSS the process has had (VmHWM), in MB; 0 once it has exited. */
function highWaterMB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return +(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024).toFixed(1);
  } catch {
    return 0;
  }
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

export async function benchEInvoices({ documents = EINVOICE_DOCUMENTS } = {}) {
  const dist = (file) => import(path.join(root, 'server/dist', file));
  const { CORPUS } = await dist('domain/einvoice-corpus.js');
  const { eInvoiceXml } = await dist('modules/einvoice/index.js');
  const { createDocumentsProcess } = await dist('modules/invoices/documents-process.js');
  // The child runs with the server's V8 flags, as the server's own child does.
  const validator = createDocumentsProcess({ execArgv: SERVER_NODE_FLAGS });
  const times = [];
  let invalid = 0;
  let ownPeak = 0;
  try {
    // The first document starts the child and reads the rules: timed apart.
    const first = performance.now();
    const d0 = CORPUS[0];
    await validator.validate(
      eInvoiceXml(d0.issued, d0.snapshot, d0.context, { syntax: 'cii', profile: 'en16931' }),
      { syntax: 'cii', document: 'invoice', xrechnung: false },
    );
    const coldMs = performance.now() - first;
    for (let i = 0; i < documents; i++) {
      const d = CORPUS[i % CORPUS.length];
      const credit = 'invoiceNumber' in d.snapshot;
      const t0 = performance.now();
      const xml = eInvoiceXml(d.issued, d.snapshot, d.context, {
        syntax: 'cii',
        profile: 'en16931',
      });
      const report = await validator.validate(xml, {
        syntax: 'cii',
        document: credit ? 'credit-note' : 'invoice',
        xrechnung: false,
      });
      if (!report.valid) invalid += 1;
      const record = { orderId: '0'.repeat(24), ...d.issued, snapshot: d.snapshot };
      const pdf = await (credit
        ? validator.creditNotePdf(record, xml)
        : validator.invoicePdf(record, xml));
      if (!pdf.length) invalid += 1;
      times.push(performance.now() - t0);
      ownPeak = Math.max(ownPeak, process.memoryUsage().rss / 2 ** 20);
    }
    times.sort((a, b) => a - b);
    const childPeak = highWaterMB(validator.pid());
    const p50 = +percentile(times, 50).toFixed(1);
    const p99 = +percentile(times, 99).toFixed(1);
    const met = p50 < EINVOICE_TARGETS.p50 && p99 < EINVOICE_TARGETS.p99;
    return {
      row: {
        phase: `e-invoice: CII built, validated and hybrid PDF drawn (child); ${documents} documents (rps = documents/s)`,
        rps: +(1000 / (times.reduce((a, b) => a + b, 0) / times.length)).toFixed(1),
        p50,
        p99,
        errors: invalid,
        rssMB: childPeak,
      },
      line: `e-invoice (build + validate + hybrid PDF): p50 ${p50} ms, p99 ${p99} ms (target < ${EINVOICE_TARGETS.p50} / < ${EINVOICE_TARGETS.p99} ms: ${met ? 'met' : 'NOT met'}); first document (child start, rules read) ${coldMs.toFixed(0)} ms; ${invalid} invalid; documents child peak RSS ${childPeak} MB (its own process); the issuing process ${ownPeak.toFixed(1)} MB`,
    };
  } finally {
    validator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { row, line } = await benchEInvoices();
  console.table([row]);
  console.log(line);
}
