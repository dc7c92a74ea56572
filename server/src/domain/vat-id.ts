import { countryOfVatPrefix } from './eu-vat-rates.js';

/**
 * A VAT ID's shape (issue 51), checked the moment one is typed, before VIES is asked. The
 * formats are the European Commission's (the VIES help page, "VAT number format"); the check
 * digits are those of the countries whose algorithm is public and stable. A narrow interface so
 * a maintained library can replace the body without touching its callers.
 */
export type VatIdCheck =
  /** `country` is ISO (GR, GB); `prefix` is what VIES is asked with (EL, XI). */
  { ok: true; country: string; prefix: string; number: string } | { ok: false; reason: string };

/** By VAT prefix (`EL` Greece, `XI` Northern Ireland): the number after the prefix. */
const FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^[0-59]\d{7}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^10\d{7}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^[1-9]\d{7}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^[1-9]\d{7}$/,
  SK: /^[1-9]\d{9}$/,
  XI: /^(?:\d{9}|\d{12}|GD[0-4]\d{2}|HA[5-9]\d{2})$/,
};

const digits = (text: string) => [...text].map(Number);

/** ISO 7064 MOD 11,10 (Germany, Croatia). */
function mod11x10(number: string): boolean {
  let product = 10;
  for (const d of digits(number.slice(0, -1))) {
    const sum = (d + product) % 10 || 10;
    product = (2 * sum) % 11;
  }
  return (11 - product) % 10 === Number(number.at(-1));
}

function luhn(number: string): boolean {
  const sum = digits(number)
    .reverse()
    .reduce((total, d, i) => total + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return sum % 10 === 0;
}

const weighted = (number: string, weights: readonly number[]) =>
  weights.reduce((total, w, i) => total + w * Number(number[i]), 0);

const CHECKS: Readonly<Record<string, (number: string) => boolean>> = {
  BE: (n) => 97 - (Number(n.slice(0, 8)) % 97) === Number(n.slice(8)),
  DE: mod11x10,
  HR: mod11x10,
  // The key of a number with digit keys is (12 + 3 x (SIREN mod 97)) mod 97; letter keys (a
  // newer scheme) are left to VIES.
  FR: (n) =>
    !/^\d{2}/.test(n) || (12 + 3 * (Number(n.slice(2)) % 97)) % 97 === Number(n.slice(0, 2)),
  IT: luhn,
  PL: (n) => weighted(n, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11 === Number(n[9]),
  SE: (n) => luhn(n.slice(0, 10)),
};

export function checkVatIdFormat(vatId: string): VatIdCheck {
  const compact = vatId.replace(/[\s.\-/]/g, '').toUpperCase();
  const prefix = compact.slice(0, 2);
  const number = compact.slice(2);
  const format = FORMATS[prefix];
  if (!format) {
    if (prefix === 'GR') return { ok: false, reason: 'Greek VAT IDs start with EL, not GR' };
    return { ok: false, reason: 'A VAT ID starts with an EU country code (DE, FR, EL...)' };
  }
  if (!format.test(number)) return { ok: false, reason: `Not the format of ${prefix} VAT IDs` };
  if (CHECKS[prefix] && !CHECKS[prefix](number))
    return { ok: false, reason: `The check digit of this ${prefix} VAT ID is wrong` };
  return { ok: true, country: countryOfVatPrefix(prefix), prefix, number };
}

/**
 * Whether an ID is meant as a VAT ID VIES knows (it starts with a member state's prefix, `GR`
 * too, which is refused with its reason). Anything else is another country's tax number (a US
 * EIN, a UK or Swiss number): kept as typed, never verified.
 */
export function isViesVatId(vatId: string): boolean {
  const prefix = vatId
    .replace(/[\s.\-/]/g, '')
    .toUpperCase()
    .slice(0, 2);
  return prefix === 'GR' || prefix in FORMATS;
}
