import { describe, expect, it } from 'vitest';
import { EU_VAT_RATES } from './eu-vat-rates.js';
import {
  certificatesExpiringSoon,
  decideLineTax,
  type TaxBuyer,
  type TaxDecision,
  type TaxLineInput,
} from './tax.js';

const consumer: TaxBuyer = { kind: 'consumer' };
const company = (more: Partial<Extract<TaxBuyer, { kind: 'business' }>> = {}): TaxBuyer => ({
  kind: 'business',
  vatId: 'FR40303265045',
  vatIdStatus: 'valid',
  ...more,
});

const germanSeller = { country: 'DE', vatId: 'DE136695976' };
const usSeller = { country: 'US', state: 'NY' };

const input = (more: Partial<TaxLineInput>): TaxLineInput => ({
  seller: germanSeller,
  shipTo: { country: 'DE' },
  buyer: consumer,
  taxClass: 'standard',
  date: '2026-11-29',
  euDistanceSales: { yearBeforeCents: 0, orderCents: 5_000 },
  rates: { eu: EU_VAT_RATES, usNexus: { NY: 8.875, TX: 6.25 }, singleRatePercent: 8 },
  ...more,
});

const intraCommunity: TaxDecision = {
  ratePercent: 0,
  category: 'K',
  reason: 'Intra-Community supply',
  vatex: 'VATEX-EU-IC',
  rule: 'eu-intra-community-supply',
};

describe('decideLineTax: no seller country (an installation as it was)', () => {
  it.each([
    ['a consumer at home', {}],
    ['a reduced tool abroad', { taxClass: 'reduced' as const, shipTo: { country: 'FR' } }],
    ['a zero-class tool to a verified company', { taxClass: 'zero' as const, buyer: company() }],
  ])('when %s, then TAX_RATE_PERCENT as before', (_, more) => {
    expect(decideLineTax(input({ seller: {}, ...more }))).toEqual({
      ratePercent: 8,
      category: 'S',
      rule: 'single-rate',
    });
  });

  it('when TAX_RATE_PERCENT is 0, then Z at 0%', () => {
    const rates = { eu: EU_VAT_RATES, usNexus: {}, singleRatePercent: 0 };
    expect(decideLineTax(input({ seller: {}, rates }))).toEqual({
      ratePercent: 0,
      category: 'Z',
      rule: 'single-rate',
    });
  });
});

describe('decideLineTax: an EU seller', () => {
  it.each<[string, Partial<TaxLineInput>, TaxDecision]>([
    ['a domestic consumer sale', {}, { ratePercent: 19, category: 'S', rule: 'domestic' }],
    [
      'a domestic reduced tool',
      { taxClass: 'reduced' },
      { ratePercent: 7, category: 'S', rule: 'domestic' },
    ],
    [
      'a domestic zero-class tool',
      { taxClass: 'zero' },
      { ratePercent: 0, category: 'Z', rule: 'domestic' },
    ],
    [
      'a domestic sale to a verified company',
      { buyer: company({ vatId: 'DE811907980' }) },
      { ratePercent: 19, category: 'S', rule: 'domestic' },
    ],
    [
      'a French company with a valid VAT ID',
      { shipTo: { country: 'FR' }, buyer: company() },
      intraCommunity,
    ],
    [
      'a verified company buying a reduced tool',
      { shipTo: { country: 'FR' }, buyer: company(), taxClass: 'reduced' },
      intraCommunity,
    ],
    [
      'a company verified by an admin by hand while VIES is down',
      {
        shipTo: { country: 'FR' },
        buyer: company({ vatIdStatus: 'unavailable', manualVerification: { note: 'Phoned' } }),
      },
      intraCommunity,
    ],
    [
      'Greece (GR), a verified company',
      { shipTo: { country: 'GR' }, buyer: company({ vatId: 'EL094259216' }) },
      intraCommunity,
    ],
    [
      'export to Switzerland',
      { shipTo: { country: 'CH' }, buyer: company() },
      {
        ratePercent: 0,
        category: 'G',
        reason: 'Export outside the EU',
        vatex: 'VATEX-EU-G',
        rule: 'eu-export',
      },
    ],
    [
      'export to the US of a consumer sale',
      { shipTo: { country: 'US', state: 'NY' } },
      {
        ratePercent: 0,
        category: 'G',
        reason: 'Export outside the EU',
        vatex: 'VATEX-EU-G',
        rule: 'eu-export',
      },
    ],
  ])('when %s, then its rate and category', (_, more, decision) => {
    expect(decideLineTax(input(more))).toEqual(decision);
  });

  it.each(['unchecked', 'pending', 'invalid', 'unavailable'] as const)(
    'when the company’s VAT ID is %s and nobody verified it by hand, then German VAT applies',
    (vatIdStatus) => {
      const decision = decideLineTax(
        input({ shipTo: { country: 'FR' }, buyer: company({ vatIdStatus }) }),
      );
      expect(decision).toEqual({ ratePercent: 19, category: 'S', rule: 'eu-business-unverified' });
    },
  );

  it('when a company has no VAT ID at all, then German VAT applies', () => {
    const buyer = company({ vatId: undefined, vatIdStatus: 'unchecked' });
    expect(decideLineTax(input({ shipTo: { country: 'FR' }, buyer })).category).toBe('S');
  });

  it.each<[string, TaxLineInput['euDistanceSales'], number, string]>([
    ['well below', { yearBeforeCents: 0, orderCents: 5_000 }, 19, 'eu-distance-sale-origin'],
    [
      'exactly at EUR 10,000 with this order',
      { yearBeforeCents: 990_000, orderCents: 10_000 },
      19,
      'eu-distance-sale-origin',
    ],
    [
      'one cent above with this order',
      { yearBeforeCents: 990_000, orderCents: 10_001 },
      20,
      'eu-distance-sale-oss',
    ],
    [
      'already above before this order',
      { yearBeforeCents: 1_000_001, orderCents: 100 },
      20,
      'eu-distance-sale-oss',
    ],
    [
      'below this year but above last year',
      { yearBeforeCents: 0, orderCents: 100, previousYearCents: 1_000_001 },
      20,
      'eu-distance-sale-oss',
    ],
  ])(
    'when a French consumer buys and the year’s distance sales are %s, then %s%%',
    (_, euDistanceSales, ratePercent, rule) => {
      const decision = decideLineTax(input({ shipTo: { country: 'FR' }, euDistanceSales }));
      expect(decision).toEqual({ ratePercent, category: 'S', rule });
    },
  );

  it('when above the threshold and the tool is reduced, then the destination’s reduced rate', () => {
    const decision = decideLineTax(
      input({
        shipTo: { country: 'FR' },
        taxClass: 'reduced',
        euDistanceSales: { yearBeforeCents: 2_000_000, orderCents: 100 },
      }),
    );
    expect(decision).toMatchObject({ ratePercent: 5.5, category: 'S' });
  });

  it('when the rate table lacks the destination, then it says which country', () => {
    const rates = { eu: { DE: EU_VAT_RATES.DE! }, usNexus: {}, singleRatePercent: 0 };
    const over = { yearBeforeCents: 2_000_000, orderCents: 1 };
    expect(() =>
      decideLineTax(input({ shipTo: { country: 'FR' }, rates, euDistanceSales: over })),
    ).toThrow('No VAT rates for FR');
  });
});

describe('decideLineTax: a US seller', () => {
  const reseller = company({
    vatId: undefined,
    vatIdStatus: 'unchecked',
    resaleCertificates: [{ number: 'NY-RC-1', state: 'NY', expiresOn: '2026-12-31' }],
  });

  it.each<[string, Partial<TaxLineInput>, TaxDecision]>([
    [
      'a consumer in a nexus state',
      { shipTo: { country: 'US', state: 'NY' } },
      { ratePercent: 8.875, category: 'S', rule: 'us-nexus' },
    ],
    [
      'a zero-class tool in a nexus state',
      { shipTo: { country: 'US', state: 'TX' }, taxClass: 'zero' },
      { ratePercent: 0, category: 'Z', rule: 'us-nexus' },
    ],
    [
      'a consumer in a state without nexus',
      { shipTo: { country: 'US', state: 'OR' } },
      { ratePercent: 0, category: 'O', reason: 'No sales tax nexus in OR', rule: 'us-no-nexus' },
    ],
    [
      'a reseller with a certificate for the state',
      { shipTo: { country: 'US', state: 'NY' }, buyer: reseller },
      {
        ratePercent: 0,
        category: 'E',
        reason: 'Resale exemption certificate NY-RC-1',
        rule: 'us-resale-exemption',
      },
    ],
    [
      'a reseller on the certificate’s last day',
      { shipTo: { country: 'US', state: 'NY' }, buyer: reseller, date: '2026-12-31' },
      {
        ratePercent: 0,
        category: 'E',
        reason: 'Resale exemption certificate NY-RC-1',
        rule: 'us-resale-exemption',
      },
    ],
    [
      'a reseller the day after the certificate expired',
      { shipTo: { country: 'US', state: 'NY' }, buyer: reseller, date: '2027-01-01' },
      { ratePercent: 8.875, category: 'S', rule: 'us-nexus' },
    ],
    [
      'a reseller whose certificate is for another state',
      { shipTo: { country: 'US', state: 'TX' }, buyer: reseller },
      { ratePercent: 6.25, category: 'S', rule: 'us-nexus' },
    ],
    [
      'a shipment to Canada',
      { shipTo: { country: 'CA' } },
      { ratePercent: 0, category: 'O', reason: 'Shipped outside the US', rule: 'us-outside' },
    ],
  ])('when %s, then its rate and category', (_, more, decision) => {
    expect(decideLineTax(input({ seller: usSeller, ...more }))).toEqual(decision);
  });
});

describe('decideLineTax: a seller elsewhere', () => {
  it.each<[string, Partial<TaxLineInput>, TaxDecision]>([
    ['at home', { shipTo: { country: 'CH' } }, { ratePercent: 8, category: 'S', rule: 'domestic' }],
    [
      'abroad',
      { shipTo: { country: 'DE' } },
      { ratePercent: 0, category: 'G', reason: 'Export', rule: 'export' },
    ],
  ])('when a Swiss seller sells %s, then its own rate or none', (_, more, decision) => {
    expect(decideLineTax(input({ seller: { country: 'CH' }, ...more }))).toEqual(decision);
  });
});

describe('certificatesExpiringSoon', () => {
  const cert = (number: string, expiresOn: string) => ({ number, state: 'NY', expiresOn });

  it('when certificates lapse within 30 days, then those, soonest first; lapsed ones not', () => {
    const certs = [
      cert('later', '2026-12-29'),
      cert('beyond', '2026-12-30'),
      cert('today', '2026-11-29'),
      cert('lapsed', '2026-11-28'),
    ];
    expect(certificatesExpiringSoon(certs, '2026-11-29').map((c) => c.number)).toEqual([
      'today',
      'later',
    ]);
  });

  it('when asked for 7 days, then only those', () => {
    const certs = [cert('a', '2026-12-06'), cert('b', '2026-12-07')];
    expect(certificatesExpiringSoon(certs, '2026-11-29', 7).map((c) => c.number)).toEqual(['a']);
  });
});
