/**
 * The e-invoice profiles the shop issues, by their specification identifier (BT-24), and the
 * number formats both syntaxes share.
 */
export const PROFILES = {
  /** Factur-X / ZUGFeRD's EN 16931 profile ("Comfort"): the XML inside the hybrid PDF. */
  en16931: 'urn:cen.eu:en16931:2017',
  /** XRechnung 3.0, the German CIUS of EN 16931. */
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
} as const;

export type EInvoiceProfile = keyof typeof PROFILES;

/** BT-23, as XRechnung (and Peppol) expect it. */
export const BUSINESS_PROCESS = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

/** Cents as an amount with two decimals: 12345 is `123.45`, -5 is `-0.05`. */
export function amount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A unit price in cents, maybe fractional (a net price taken out of a gross one): at least two
 * decimals, at most six, no float noise (`1890.5` cents is `18.905`).
 */
export function price(cents: number): string {
  const fixed = (cents / 100).toFixed(6).replace(/0+$/, '');
  const [whole, decimals = ''] = fixed.split('.');
  return `${whole}.${decimals.padEnd(2, '0')}`;
}
