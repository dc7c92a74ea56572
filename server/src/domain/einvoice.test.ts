import { describe, expect, it } from 'vitest';
import { bankAccount, eInvoiceOf, parseAddress } from './einvoice.js';
import type { InvoiceSnapshot } from '../store/store.js';

describe('parseAddress: the printed lines in EN 16931’s parts', () => {
  it.each([
    [
      ['Werkstraße 1', '10115 Berlin', 'Germany'],
      { lines: ['Werkstraße 1'], postcode: '10115', city: 'Berlin', countryCode: 'DE' },
    ],
    [
      ['1 Foundry Lane', 'Springfield, IL 62701', 'USA'],
      {
        lines: ['1 Foundry Lane'],
        city: 'Springfield',
        subdivision: 'IL',
        postcode: '62701',
        countryCode: 'US',
      },
    ],
    // The profile's own shape: street, "City, postcode", country.
    [
      ['12 rue de la Forge', 'Lyon, 69002', 'France'],
      { lines: ['12 rue de la Forge'], city: 'Lyon', postcode: '69002', countryCode: 'FR' },
    ],
    [
      ['10 Downing Street', 'London SW1A 2AA', 'United Kingdom'],
      { lines: ['10 Downing Street'], city: 'London', postcode: 'SW1A 2AA', countryCode: 'GB' },
    ],
    [
      ['ul. Świętokrzyska 12', '00-916 Warszawa', 'PL'],
      { lines: ['ul. Świętokrzyska 12'], postcode: '00-916', city: 'Warszawa', countryCode: 'PL' },
    ],
    // No country named: the hint; a city without a post code stays a city.
    [
      ['1 Quay Street', 'Bristol'],
      { lines: ['1 Quay Street'], city: 'Bristol', countryCode: 'GB' },
    ],
  ])('%j', (printed, parts) => {
    expect(parseAddress(printed, 'GB')).toEqual(parts);
  });

  it('never takes a withdrawn code for a country’s name (Germany is DE, not DD)', () => {
    expect(parseAddress(['A 1', 'Germany']).countryCode).toBe('DE');
    expect(parseAddress(['A 1', 'France']).countryCode).toBe('FR');
    expect(parseAddress(['A 1', 'Russia']).countryCode).toBe('RU');
  });
});

describe('bankAccount: SELLER_BANK_DETAILS in parts', () => {
  it('reads the IBAN without spaces, the BIC and the bank’s name', () => {
    expect(bankAccount('Foundry Bank, IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX')).toEqual({
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      name: 'Foundry Bank',
    });
  });
  it('keeps only the name when there is no IBAN', () => {
    expect(bankAccount('Send to account 12345 at Foundry Bank')).toEqual({
      name: 'Send to account 12345 at Foundry Bank',
    });
  });
});

describe('eInvoiceOf: totals that add up', () => {
  /** One rate included in the prices, one tax for the order, as before issue 51. */
  const snapshot: InvoiceSnapshot = {
    seller: { name: 'S', address: ['1 A St', '10115 Berlin', 'Germany'], taxId: '1' },
    buyer: { name: 'B', email: 'b@x.test', billingAddress: [], deliveryAddress: ['Berlin'] },
    orderNumber: 'TW-1',
    lines: [
      { name: 'a', quantity: 1, unitPriceCents: 1_001, lineTotalCents: 1_001 },
      { name: 'b', quantity: 1, unitPriceCents: 1_001, lineTotalCents: 1_001 },
      { name: 'c', quantity: 1, unitPriceCents: 1_001, lineTotalCents: 1_001 },
    ],
    subtotalCents: 2_523,
    taxRatePercent: 19,
    taxCents: 480,
    totalCents: 3_003,
    currency: 'EUR',
    paidAt: '2026-05-01T00:00:00.000Z',
  };

  it('takes each line’s tax out line by line, and the cent the roundings differ by is the rounding amount: the amount due is what was charged', () => {
    const doc = eInvoiceOf({ number: 'INV-1', issuedAt: '2026-05-01T00:00:01Z' }, snapshot, {});
    // 10.01 including 19%: 8.41 net each; 3 x 8.41 = 25.23, tax 4.80 as printed on the PDF.
    expect(doc.lines.map((line) => line.netAmountCents)).toEqual([841, 841, 841]);
    expect(doc.totals).toEqual({
      lineNetCents: 2_523,
      taxExclusiveCents: 2_523,
      taxCents: 480,
      taxInclusiveCents: 3_003,
      paidCents: 3_003,
      roundingCents: 0,
      payableCents: 0,
    });
  });

  it('says which required fields the record does not hold', () => {
    const bare = { ...snapshot, seller: { name: 'S', address: ['1 A St'] } };
    const doc = eInvoiceOf({ number: 'INV-2', issuedAt: '2026-05-01T00:00:01Z' }, bare, {});
    expect(doc.missing).toEqual([
      "the seller's country",
      "the buyer's country",
      "the seller's VAT ID or tax number",
    ]);
    expect(doc.notes.at(-1)).toBe(
      "The issued record of this document does not hold the seller's country, or the buyer's country, or the seller's VAT ID or tax number.",
    );
  });
});
