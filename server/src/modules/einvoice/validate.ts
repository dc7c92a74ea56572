import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import SaxonJS from 'saxon-js';
import {
  XmlDocument,
  XmlLibError,
  xmlRegisterInputProvider,
  XsdValidator,
  type ErrorDetail,
} from 'libxml2-wasm';

/**
 * Validates an e-invoice as KoSIT's validator does (server/einvoice-rules/scenarios.xml): the XML
 * Schema of its syntax (UN/CEFACT CII D16B, or OASIS UBL 2.1 Invoice or CreditNote), then the
 * CEN's EN 16931 Schematron rules and, for an XRechnung, KoSIT's XRechnung rules. The rules are
 * the official artefacts (server/einvoice-rules/SOURCE.md), run by SaxonJS from their compiled
 * SEF; the schema check runs libxml2, compiled to WebAssembly (libxml2-wasm), with each schema
 * compiled once per process.
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

/**
 * The vendored schemas, held in memory: libxml2 reads a schema's imports through this provider,
 * and through it alone can reach no file but these (a document never loads anything).
 */
const schemaFiles = new Map<string, Uint8Array>();
const openFiles = new Map<number, { bytes: Uint8Array; at: number }>();
let nextHandle = 1;
const filePath = (name: string) => (name.startsWith('file:') ? fileURLToPath(name) : name);

function loadSchemaFiles() {
  if (schemaFiles.size) return;
  for (const dir of Object.values(SCHEMA_DIRS)) {
    const root = join(RULES_DIR, dir);
    for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' }))
      if (name.endsWith('.xsd')) schemaFiles.set(join(root, name), readFileSync(join(root, name)));
  }
  xmlRegisterInputProvider({
    match: (name) => schemaFiles.has(filePath(name)),
    open(name) {
      const bytes = schemaFiles.get(filePath(name));
      if (!bytes) return undefined;
      const handle = nextHandle++;
      openFiles.set(handle, { bytes, at: 0 });
      return handle;
    },
    read(handle, buffer) {
      const file = openFiles.get(handle);
      if (!file) return -1;
      const chunk = file.bytes.subarray(file.at, file.at + buffer.byteLength);
      buffer.set(chunk);
      file.at += chunk.byteLength;
      return chunk.byteLength;
    },
    close: (handle) => openFiles.delete(handle),
  });
}

const validators = new Map<string, XsdValidator>();

/**
 * The schema of a syntax's document, compiled once per process (about 130 ms each) and kept:
 * each document is then checked against it in well under a millisecond.
 */
function schemaValidator(syntax: EInvoiceSyntax, document: EInvoiceDocument): XsdValidator {
  const key = `${syntax}/${document}` as const;
  let validator = validators.get(key);
  if (!validator) {
    loadSchemaFiles();
    const path = join(RULES_DIR, SCHEMA_DIRS[syntax], MAIN_SCHEMA[key]);
    const bytes = schemaFiles.get(path);
    if (!bytes) throw new Error(`The schema ${MAIN_SCHEMA[key]} is missing`);
    const schema = XmlDocument.fromBuffer(bytes, { url: path });
    try {
      validator = XsdValidator.fromDoc(schema);
    } finally {
      schema.dispose();
    }
    validators.set(key, validator);
  }
  return validator;
}

const schemaFinding = (detail: ErrorDetail): RuleFinding => ({
  rule: 'XSD',
  flag: 'fatal',
  text: detail.message.trim(),
  location: detail.xpath ?? (detail.line ? `line ${detail.line}` : ''),
});

/** The schema's errors, and a document that is not well-formed XML as the first of them. */
function schemaErrors(xml: string, target: ValidationTarget): RuleFinding[] {
  const validator = schemaValidator(target.syntax, target.document);
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (err) {
    if (err instanceof XmlLibError) return err.details.map(schemaFinding);
    throw err;
  }
  try {
    validator.validate(doc);
    return [];
  } catch (err) {
    if (err instanceof XmlLibError) return err.details.map(schemaFinding);
    throw err;
  } finally {
    doc.dispose();
  }
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
  // The schema first (well under a millisecond once compiled): a document its schema refuses is
  // not read by the rules, whose findings would be noise.
  const schema = schemaErrors(xml, target);
  const findings = schema.length
    ? schema
    : [
        ...(await ruleFindings(xml, `en16931-${target.syntax}`)),
        ...(target.xrechnung ? await ruleFindings(xml, `xrechnung-${target.syntax}`) : []),
      ];
  const errors = findings.filter((finding) => finding.flag === 'fatal' || finding.flag === 'error');
  return {
    valid: errors.length === 0,
    errors,
    warnings: findings.filter((finding) => !errors.includes(finding)),
  };
}
