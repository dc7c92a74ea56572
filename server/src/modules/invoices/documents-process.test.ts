import { afterEach, describe, expect, it } from 'vitest';
import { CORPUS } from '../../domain/einvoice-corpus.js';
import { eInvoiceXml } from '../einvoice/index.js';
import { createDocumentsProcess, DocumentsUnavailable } from './documents-process.js';

const doc = CORPUS[0]!;
const xml = eInvoiceXml(doc.issued, doc.snapshot, doc.context, {
  syntax: 'cii',
  profile: 'en16931',
});
const target = { syntax: 'cii', document: 'invoice', xrechnung: false } as const;
const broken = xml.replace(/<ram:DuePayableAmount>[^<]+</, '<ram:DuePayableAmount>1.00<');

// Issue 52: the rules and the PDFs run in a child process of their own; one that hangs or dies is
// replaced.
describe('the documents child process', () => {
  const opened: { close(): void }[] = [];
  afterEach(() => opened.splice(0).forEach((validator) => validator.close()));

  it('when a document is sent, then the child answers the official rules’ report', async () => {
    const validator = createDocumentsProcess();
    opened.push(validator);
    expect(await validator.validate(xml, target)).toMatchObject({ valid: true, errors: [] });
    const report = await validator.validate(broken, target);
    expect(report.valid).toBe(false);
    expect(report.errors.map((e) => e.rule)).toContain('BR-CO-16');
  });

  it('when an invoice’s PDF is asked, then the child draws it as Factur-X with the XML attached', async () => {
    const documents = createDocumentsProcess();
    opened.push(documents);
    const record = { orderId: '0'.repeat(24), ...doc.issued, snapshot: doc.snapshot } as Parameters<
      typeof documents.invoicePdf
    >[0];
    const pdf = await documents.invoicePdf(record, xml);
    expect(Buffer.isBuffer(pdf)).toBe(true);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/AFRelationship /Alternative');
    expect(pdf.toString('latin1')).toContain('factur-x.xml');
  });

  it('when the child dies, then what it held fails as unavailable and the next document starts a new one', async () => {
    const validator = createDocumentsProcess();
    opened.push(validator);
    await validator.validate(xml, target);
    const first = validator.pid();
    const pending = validator.validate(xml, target);
    process.kill(first!, 'SIGKILL');
    await expect(pending).rejects.toBeInstanceOf(DocumentsUnavailable);
    expect((await validator.validate(xml, target)).valid).toBe(true);
    expect(validator.pid()).not.toBe(first);
  });

  it('when the child does not answer in time, then unavailable, and it is replaced', async () => {
    const validator = createDocumentsProcess({ timeoutMs: 1 });
    opened.push(validator);
    await expect(validator.validate(xml, target)).rejects.toThrow(/did not answer in 1 ms/);
  });
});
