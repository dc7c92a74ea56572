import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { eInvoiceOf } from '../../domain/einvoice.js';
import { ciiXml } from './cii.js';
import { CORPUS } from '../../domain/einvoice-corpus.js';
import type { EInvoiceProfile } from './profiles.js';
import { ublXml } from './ubl.js';
import { validateEInvoice, type EInvoiceSyntax } from './validate.js';

// The shop's e-invoices against the official rules (server/einvoice-rules/SOURCE.md): the XML
// Schema of each syntax, the CEN's EN 16931 Schematron, and KoSIT's XRechnung Schematron.

const WRITERS = { cii: ciiXml, ubl: ublXml } as const;

function issue(name: string, syntax: EInvoiceSyntax, profile: EInvoiceProfile) {
  const entry = CORPUS.find((doc) => doc.name === name)!;
  const model = eInvoiceOf(entry.issued, entry.snapshot, entry.context);
  return { model, xml: WRITERS[syntax](model, profile) };
}

const cases = CORPUS.flatMap((doc) =>
  (['cii', 'ubl'] as const).flatMap((syntax) =>
    (['en16931', 'xrechnung'] as const).map((profile) => ({ name: doc.name, syntax, profile })),
  ),
);

describe('every document the shop issues passes the official rules', () => {
  it.each(cases)('$name, $syntax, $profile', async ({ name, syntax, profile }) => {
    const { model, xml } = issue(name, syntax, profile);
    const report = await validateEInvoice(xml, {
      syntax,
      document: model.kind,
      xrechnung: profile === 'xrechnung',
    });
    expect(report.errors).toEqual([]);
    expect(report.valid).toBe(true);
  });
});

describe('the validator fails what the rules forbid', () => {
  const domestic = 'domestic, paid by card';

  it('a total that is not the sum of its parts breaks BR-CO-15 (CII) and BR-CO-16 (UBL)', async () => {
    for (const [syntax, element, rule] of [
      ['cii', 'ram:GrandTotalAmount', 'BR-CO-15'],
      ['ubl', 'cbc:TaxInclusiveAmount', 'BR-CO-15'],
    ] as const) {
      const { xml } = issue(domestic, syntax, 'en16931');
      const broken = xml.replace(
        new RegExp(`(<${element}[^>]*>)576\\.52`),
        (_, open: string) => `${open}576.53`,
      );
      expect(broken).not.toBe(xml);
      const report = await validateEInvoice(broken, {
        syntax,
        document: 'invoice',
        xrechnung: false,
      });
      expect(report.valid).toBe(false);
      expect(report.errors.map((error) => error.rule)).toContain(rule);
    }
  });

  it('an element out of the schema is refused by the XML Schema', async () => {
    const { xml } = issue(domestic, 'cii', 'en16931');
    const broken = xml.replace(
      '<ram:TypeCode>380',
      '<ram:Colour>red</ram:Colour><ram:TypeCode>380',
    );
    const report = await validateEInvoice(broken, {
      syntax: 'cii',
      document: 'invoice',
      xrechnung: false,
    });
    expect(report.valid).toBe(false);
    expect(report.errors[0]).toMatchObject({ rule: 'XSD', flag: 'fatal' });
    expect(report.errors[0]!.text).toContain('Colour');
  });

  it('an XRechnung without the buyer reference breaks BR-DE-15; EN 16931 alone does not ask for it', async () => {
    const { xml } = issue(domestic, 'ubl', 'xrechnung');
    const broken = xml.replace(/\s*<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    const xrechnung = await validateEInvoice(broken, {
      syntax: 'ubl',
      document: 'invoice',
      xrechnung: true,
    });
    expect(xrechnung.errors.map((error) => error.rule)).toContain('BR-DE-15');
    const en16931 = await validateEInvoice(broken.replace(/xrechnung_3\.0/, 'x'), {
      syntax: 'ubl',
      document: 'invoice',
      xrechnung: false,
    });
    expect(en16931.errors.map((error) => error.rule)).not.toContain('BR-DE-15');
  });

  it('a record without the seller’s VAT ID or tax number says so, and the rules refuse it (BR-S-02)', async () => {
    const entry = CORPUS.find((doc) => doc.name.startsWith('issued before'))!;
    const snapshot = { ...entry.snapshot, seller: { ...entry.snapshot.seller } };
    delete snapshot.seller.taxId;
    const model = eInvoiceOf(entry.issued, snapshot, entry.context);
    expect(model.missing).toEqual(["the seller's VAT ID or tax number"]);
    const xml = ciiXml(model, 'en16931');
    expect(xml).toMatch(/does not hold the seller(&apos;|')s VAT ID or tax number/);
    const report = await validateEInvoice(xml, {
      syntax: 'cii',
      document: 'invoice',
      xrechnung: false,
    });
    expect(report.errors.map((error) => error.rule)).toContain('BR-S-02');
  });
});

it('each compiled rule set is compiled from the stylesheet beside it (npm run einvoice:rules)', () => {
  const rules = new URL('../../../einvoice-rules/', import.meta.url);
  const manifest = JSON.parse(readFileSync(new URL('sef/manifest.json', rules), 'utf8')) as Record<
    string,
    { source: string; sha256: string }
  >;
  expect(Object.keys(manifest).sort()).toEqual([
    'en16931-cii',
    'en16931-ubl',
    'xrechnung-cii',
    'xrechnung-ubl',
  ]);
  for (const { source, sha256 } of Object.values(manifest))
    expect(
      createHash('sha256')
        .update(readFileSync(new URL(source, rules)))
        .digest('hex'),
    ).toBe(sha256);
});
