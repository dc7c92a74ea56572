import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import SaxonJS from 'saxon-js';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

/**
 * Validates an e-invoice as KoSIT's validator does (server/einvoice-rules/scenarios.xml): the XML
 * Schema of its syntax (UN/CEFACT CII D16B, or OASIS UBL 2.1 Invoice or CreditNote), then the
 * CEN's EN 16931 Schematron rules and, for an XRechnung, KoSIT's XRechnung rules. The rules are
 * the official artefacts (server/einvoice-rules/SOURCE.md), run by SaxonJS from their compiled
 * SEF; the schema check runs libxml2's xmllint, compiled to WebAssembly.
 */

export type EInvoiceSyntax = 'cii' | 'ubl';
export type EInvoiceDocument = 'invoice' | 'credit-note';

export interface RuleFinding {
  /** The rule's identifier (`BR-CO-15`, `BR-DE-1`), or `XSD` for the schema. */
  rule: string;
  /** Schematron's flag: `fatal` (an error), `warning` or `information`. */
  flag: string;
  text: string;
  /** Where in the document: an XPath, or the schema error's line. */
  location: string;
}

export interface ValidationReport {
  valid: boolean;
  /** What makes the document invalid: the schema's errors and every fatal rule. */
  errors: RuleFinding[];
  warnings: RuleFinding[];
}

export interface ValidationTarget {
  syntax: EInvoiceSyntax;
  document: EInvoiceDocument;
  /** Also the XRechnung 3.0 rules (CIUS XRechnung): for an XRechnung, not for a Factur-X. */
  xrechnung: boolean;
}

const RULES_DIR = fileURLToPath(new URL('../../../einvoice-rules/', import.meta.url));
const SVRL = 'http://purl.oclc.org/dsdl/svrl';

type RuleSet = 'en16931-cii' | 'en16931-ubl' | 'xrechnung-cii' | 'xrechnung-ubl';

const stylesheets = new Map<RuleSet, Promise<unknown>>();

/** A compiled rule set, read once per process. */
function stylesheet(name: RuleSet): Promise<unknown> {
  let loaded = stylesheets.get(name);
  if (!loaded) {
    loaded = readFile(join(RULES_DIR, 'sef', `${name}.sef.json.gz`)).then(
      (gz) => JSON.parse(gunzipSync(gz).toString('utf8')) as unknown,
    );
    stylesheets.set(name, loaded);
  }
  return loaded;
}

interface SchemaFiles {
  main: XMLFileInfo;
  preload: XMLFileInfo[];
}
const schemas = new Map<string, Promise<SchemaFiles>>();

const SCHEMA_DIRS: Record<EInvoiceSyntax, string> = {
  cii: 'resources/cii/16b/xsd',
  ubl: 'resources/ubl/2.1/xsd',
};
const MAIN_SCHEMA: Record<`${EInvoiceSyntax}/${EInvoiceDocument}`, string> = {
  'cii/invoice': 'CrossIndustryInvoice_100pD16B.xsd',
  // CII has one message for both: a credit note is its type code, 381.
  'cii/credit-note': 'CrossIndustryInvoice_100pD16B.xsd',
  'ubl/invoice': 'maindoc/UBL-Invoice-2.1.xsd',
  'ubl/credit-note': 'maindoc/UBL-CreditNote-2.1.xsd',
};

async function filesUnder(dir: string): Promise<XMLFileInfo[]> {
  const names = await readdir(dir, { recursive: true });
  const xsds = names.filter((name) => name.endsWith('.xsd'));
  return Promise.all(
    xsds.map(async (name) => ({
      fileName: relative(dir, join(dir, name)),
      contents: await readFile(join(dir, name), 'utf8'),
    })),
  );
}

function schemaFiles(syntax: EInvoiceSyntax, document: EInvoiceDocument): Promise<SchemaFiles> {
  const key = `${syntax}/${document}` as const;
  let files = schemas.get(key);
  if (!files) {
    files = filesUnder(join(RULES_DIR, SCHEMA_DIRS[syntax])).then((all) => {
      const main = all.find((file) => file.fileName === MAIN_SCHEMA[key]);
      if (!main) throw new Error(`The schema ${MAIN_SCHEMA[key]} is missing`);
      return { main, preload: all.filter((file) => file !== main) };
    });
    schemas.set(key, files);
  }
  return files;
}

async function schemaErrors(xml: string, target: ValidationTarget): Promise<RuleFinding[]> {
  const { main, preload } = await schemaFiles(target.syntax, target.document);
  // The document sits beside the main schema, whose imports are relative to it.
  const dir = main.fileName.includes('/')
    ? main.fileName.slice(0, main.fileName.indexOf('/') + 1)
    : '';
  const result = await validateXML({
    xml: [{ fileName: `${dir}document.xml`, contents: xml }],
    schema: [main],
    preload,
  });
  return result.errors.map((error) => ({
    rule: 'XSD',
    flag: 'fatal',
    text: error.message,
    location: error.loc ? `line ${error.loc.lineNumber}` : '',
  }));
}

const attribute = (node: unknown, name: string) =>
  (node as { getAttribute(name: string): string | null }).getAttribute(name) ?? '';
const textOf = (node: unknown) =>
  ((node as { textContent: string | null }).textContent ?? '').trim().replace(/\s+/g, ' ');

async function ruleFindings(xml: string, rules: RuleSet): Promise<RuleFinding[]> {
  const { principalResult } = SaxonJS.transform(
    { stylesheetInternal: await stylesheet(rules), sourceText: xml, destination: 'document' },
    'sync',
  );
  const failed = SaxonJS.XPath.evaluate(
    '//svrl:failed-assert | //svrl:successful-report',
    principalResult,
    { namespaceContext: { svrl: SVRL }, resultForm: 'array' },
  ) as unknown[];
  return failed.map((node) => ({
    rule: attribute(node, 'id'),
    // SchXslt leaves out the flag of an assert that has none: an error.
    flag: attribute(node, 'flag') || 'fatal',
    text: textOf(node),
    location: attribute(node, 'location'),
  }));
}

export async function validateEInvoice(
  xml: string,
  target: ValidationTarget,
): Promise<ValidationReport> {
  // The schema check runs in xmllint's own worker thread while SaxonJS reads the rules here: the
  // document waits for the slower of the two, not for both (issue 52's 150 ms p50).
  const schemaCheck = schemaErrors(xml, target);
  const rules = Promise.all([
    ruleFindings(xml, `en16931-${target.syntax}`),
    target.xrechnung ? ruleFindings(xml, `xrechnung-${target.syntax}`) : [],
  ]).then(
    ([cen, kosit]) => [...cen, ...kosit],
    // A document the schema refuses may trip the rules too; the schema's errors say why.
    (err: unknown) => err,
  );
  const schema = await schemaCheck;
  const ruled = await rules;
  // A document its schema refuses is not read by the rules: their findings would be noise.
  if (!schema.length && !Array.isArray(ruled)) throw ruled;
  const findings = schema.length ? schema : (ruled as RuleFinding[]);
  const errors = findings.filter((finding) => finding.flag === 'fatal' || finding.flag === 'error');
  return {
    valid: errors.length === 0,
    errors,
    warnings: findings.filter((finding) => !errors.includes(finding)),
  };
}
