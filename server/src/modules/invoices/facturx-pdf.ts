// The invoice and credit note PDFs as PDF/A-3b (issue 52), and, given the CII XML, as Factur-X /
// ZUGFeRD EN 16931 hybrids: the XML attached as `factur-x.xml` (AFRelationship Alternative) and
// described in the XMP metadata as the Factur-X 1.07 specification asks.
//
// PDF/A forbids fonts that are not embedded, so every text run is drawn in Arimo (SIL Open Font
// Licence, server/assets/fonts/OFL.txt): metric-compatible with Helvetica/Arial, so today's
// layout keeps its line breaks, and it covers Latin, Greek and Cyrillic (ü, é, ł, ß). pdfkit
// embeds only the glyphs used (a subset), with a ToUnicode map so the text copies as it reads.
//
// What is checked (facturx-pdf.test.ts parses the PDF): PDF/A-3 B identification in the XMP, the
// Factur-X XMP and its extension schema, the attachment, its relationship and the catalog's /AF,
// every font embedded, the version. What is not: a full PDF/A validation (veraPDF needs Java,
// which this machine lacks). Characters outside Arimo (CJK, emoji) would print as blanks.
import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/** The names every text run uses: `doc.font(FONT.regular)`. */
export const FONT = { regular: 'Arimo', bold: 'Arimo-Bold' } as const;

/** The embedded file's name, fixed by the Factur-X specification. */
export const FACTUR_X_FILE_NAME = 'factur-x.xml';

export interface PdfOptions {
  /** The document's CII XML (EN 16931 profile): attached, and the PDF becomes Factur-X. */
  facturX?: { xml: string | Buffer };
}

const fontsDir = new URL('../../../assets/fonts/', import.meta.url);
let fonts: Record<keyof typeof FONT, fontkit.Font> | undefined;
const parse = (file: string) =>
  fontkit.create(readFileSync(new URL(file, fontsDir))) as fontkit.Font;
/**
 * Parsed once and shared by every document: parsing and shaping from the file each time made a
 * render 20 times slower (pdfkit 0.20 takes a fontkit Font in registerFont; each document still
 * embeds its own subset).
 */
const fontFiles = () =>
  (fonts ??= { regular: parse('Arimo-Regular.ttf'), bold: parse('Arimo-Bold.ttf') });

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A new A4 PDF/A-3b document with the fonts registered and, when given, the Factur-X XML
 * attached. pdfkit writes the pdfaid (part 3, conformance B) and the sRGB output intent itself.
 */
export function createPdfA(
  meta: { title: string; author: string; date: Date },
  options: PdfOptions = {},
): PDFKit.PDFDocument {
  // pdfkit writes Title and Author into the XMP unescaped: a seller called "Smith & Sons" would
  // break it. Such values go into the XMP escaped, by us, and stay out of the Info dictionary
  // (PDF/A only asks that what the Info has, the XMP has too).
  const safe = (text: string) => escapeXml(text) === text;
  const own = { title: !safe(meta.title), author: !safe(meta.author) };
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    pdfVersion: '1.7',
    subset: 'PDF/A-3b',
    info: {
      ...(own.title ? {} : { Title: meta.title }),
      ...(own.author ? {} : { Author: meta.author }),
    },
  });
  const parsed = fontFiles();
  // @types/pdfkit lists only paths and bytes as a font's source; pdfkit takes a fontkit Font too.
  doc.registerFont(FONT.regular, parsed.regular as unknown as Buffer);
  doc.registerFont(FONT.bold, parsed.bold as unknown as Buffer);
  doc.font(FONT.regular);
  if (own.title || own.author)
    doc.appendXML(dublinCore(own.title && meta.title, own.author && meta.author));
  if (options.facturX) attachFacturX(doc, options.facturX.xml, meta.date);
  return doc;
}

function attachFacturX(doc: PDFKit.PDFDocument, xml: string | Buffer, date: Date) {
  const data = typeof xml === 'string' ? Buffer.from(xml, 'utf8') : xml;
  // pdfkit 0.20's file() takes `relationship` (its /AFRelationship) and lists the filespec in
  // the catalog's /AF and the EmbeddedFiles names; @types/pdfkit does not know the option yet.
  const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Alternative' } = {
    name: FACTUR_X_FILE_NAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: 'Factur-X/ZUGFeRD invoice (EN 16931, CII)',
    creationDate: date,
    modifiedDate: date,
  };
  doc.file(data, options);
  doc.appendXML(FACTUR_X_XMP);
}

function dublinCore(title: string | false, author: string | false) {
  return `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${
    title
      ? `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(title)}</rdf:li></rdf:Alt></dc:title>`
      : ''
  }${author ? `<dc:creator><rdf:Seq><rdf:li>${escapeXml(author)}</rdf:li></rdf:Seq></dc:creator>` : ''}</rdf:Description>`;
}

const FX_NAMESPACE = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

/** A property of the extension schema PDF/A asks for any namespace it does not know. */
const fxProperty = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

/** Factur-X 1.07, section 6.2.2: the fx: properties and the schema that declares them. */
const FACTUR_X_XMP = `
        <rdf:Description rdf:about=""
            xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX_NAMESPACE}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${[
                    fxProperty('DocumentFileName', 'The name of the embedded XML document'),
                    fxProperty(
                      'DocumentType',
                      'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER',
                    ),
                    fxProperty(
                      'Version',
                      'The actual version of the standard applying to the embedded XML document',
                    ),
                    fxProperty(
                      'ConformanceLevel',
                      'The conformance level of the embedded XML document',
                    ),
                  ].join('')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        <rdf:Description rdf:about="" xmlns:fx="${FX_NAMESPACE}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILE_NAME}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>`;
