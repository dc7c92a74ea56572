import { expect, it } from 'vitest';
import { PRICE_LIST_MAX_DEPTH } from '@toolworks/contract/price-lists';
import type { PricingRule } from '../../domain/pricing.js';
import type { CompanyInput, PriceListInput, PriceListRecord } from '../../store/store.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

const NOW = '2030-01-15T10:00:00.000Z';
const LATER = '2030-01-16T10:00:00.000Z';
const MISSING = 'aaaaaaaaaaaaaaaaaaaaaaaa';

const fixed = (sku: string, priceCents: number): PricingRule => ({
  type: 'fixed',
  sku,
  priceCents,
  breaks: [{ minQuantity: 100, priceCents: priceCents - 50 }],
  minimumOrderQuantity: null,
  orderMultiple: 10,
});
const allOff = (percentOff: number): PricingRule => ({ type: 'all', percentOff });
const drillsOff: PricingRule = { type: 'category', category: 'drills', percentOff: 35 };

const input = (overrides: Partial<PriceListInput> = {}): PriceListInput => ({
  name: 'Distributor',
  currency: 'USD',
  validFrom: null,
  validTo: null,
  parentId: null,
  versions: [{ startsOn: null, rules: [allOff(30)] }],
  ...overrides,
});

const company = (name: string): CompanyInput => ({
  name,
  vatId: 'GB123456789',
  billingAddress: '1 Quay Street, Bristol',
  deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
  paymentTerms: 'none',
  creditLimitCents: 0,
});

/** Issue 50: price lists, their versions and rules, and their assignment to companies. */
export function priceListsContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);
  const lists = () => store().priceLists;

  async function newList(overrides: Partial<PriceListInput> = {}): Promise<PriceListRecord> {
    const list = await lists().create(input(overrides), NOW);
    if (typeof list === 'string') throw new Error(list);
    return list;
  }
  async function newCompany(name: string) {
    const created = await store().companies.create(company(name));
    if (typeof created === 'string') throw new Error(created);
    return created._id;
  }

  it('when a list with versions is created, read and replaced, then it reads back whole', async () => {
    const versions = [
      { startsOn: null, rules: [fixed('PF-DRL-18', 790), drillsOff, allOff(30)] },
      { startsOn: '2031-01-01', rules: [fixed('PF-DRL-18', 820)] },
      { startsOn: '2030-07-01', rules: [] },
    ];
    const created = await newList({ versions, validFrom: '2030-01-01', validTo: '2031-12-31' });
    expect(created).toMatchObject({
      name: 'Distributor',
      currency: 'USD',
      validFrom: '2030-01-01',
      validTo: '2031-12-31',
      parentId: null,
      companyIds: [],
      createdAt: NOW,
      updatedAt: NOW,
    });
    expect(created.versions).toEqual([versions[0], versions[2], versions[1]]);
    expect(await lists().get(created._id)).toEqual(created);

    const replaced = await lists().update(
      created._id,
      input({ name: 'Key account', versions: [{ startsOn: null, rules: [drillsOff] }] }),
      LATER,
    );
    expect(replaced).toMatchObject({ name: 'Key account', validFrom: null, createdAt: NOW });
    expect((replaced as PriceListRecord).updatedAt).toBe(LATER);
    expect((await lists().get(created._id))?.versions).toEqual([
      { startsOn: null, rules: [drillsOff] },
    ]);
    expect(await lists().update(MISSING, input(), LATER)).toBeNull();
    expect(await lists().get(MISSING)).toBeNull();
  });

  it('when lists are listed, then they come by name with their line counts and version starts', async () => {
    await newList({ name: 'zeta' });
    await newList({
      name: 'Alpha',
      versions: [
        { startsOn: null, rules: [fixed('A-1', 100), allOff(5)] },
        { startsOn: '2031-01-01', rules: [fixed('A-1', 110)] },
      ],
    });
    const summaries = await lists().list();
    expect(summaries.map((s) => [s.name, s.lineCount, s.versionStarts])).toEqual([
      ['Alpha', 3, ['2031-01-01']],
      ['zeta', 1, []],
    ]);
  });

  it('when a parent is unknown, its own descendant or too deep, then the save is refused and nothing is written', async () => {
    expect(await lists().create(input({ parentId: MISSING }), NOW)).toBe('PARENT_NOT_FOUND');
    const root = await newList({ name: 'root' });
    const child = await newList({ name: 'child', parentId: root._id });
    expect(await lists().update(root._id, input({ parentId: child._id }), LATER)).toBe(
      'PARENT_CYCLE',
    );
    expect(await lists().update(root._id, input({ parentId: root._id }), LATER)).toBe(
      'PARENT_CYCLE',
    );
    expect((await lists().get(root._id))?.parentId).toBeNull();

    let parent = child;
    for (let depth = 2; depth <= PRICE_LIST_MAX_DEPTH; depth += 1)
      parent = await newList({ name: `level ${depth}`, parentId: parent._id });
    expect(await lists().create(input({ name: 'too deep', parentId: parent._id }), NOW)).toBe(
      'PARENT_CYCLE',
    );
    const loose = await newList({ name: 'loose' });
    expect(await lists().update(root._id, input({ parentId: loose._id }), LATER)).toBe(
      'PARENT_CYCLE',
    );
    expect((await lists().list()).map((l) => l.name)).not.toContain('too deep');
  });

  it('when a list is deleted, then its assignments go and derived lists lose their parent', async () => {
    const parent = await newList({ name: 'parent' });
    const child = await newList({ name: 'child', parentId: parent._id });
    const other = await newList({ name: 'other' });
    const acme = await newCompany('Acme');
    await lists().setCompanyPricing(acme, { priceListIds: [parent._id, other._id] });
    expect((await lists().get(parent._id))?.companyIds).toEqual([acme]);

    expect(await lists().delete(parent._id)).toBe(true);
    expect(await lists().delete(parent._id)).toBe(false);
    expect(await lists().get(parent._id)).toBeNull();
    expect((await lists().get(child._id))?.parentId).toBeNull();
    expect((await lists().companyPricing(acme))?.priceListIds).toEqual([other._id]);
    expect((await lists().forPricing([parent._id], ['A-1'])).size).toBe(0);
  });

  it('when lists are read for pricing, then only the asked SKUs fixed rules, every percentage rule and the parents come', async () => {
    const parent = await newList({
      name: 'parent',
      versions: [{ startsOn: null, rules: [fixed('B-2', 300), allOff(10)] }],
    });
    const list = await newList({
      name: 'contract',
      parentId: parent._id,
      validFrom: '2030-01-01',
      versions: [
        { startsOn: null, rules: [fixed('a-1', 100), fixed('C-3', 200), drillsOff] },
        { startsOn: '2031-01-01', rules: [fixed('A-1', 110), fixed('C-3', 210)] },
      ],
    });
    const found = await lists().forPricing([list._id, MISSING], ['A-1', 'B-2']);
    expect([...found.keys()].sort()).toEqual([list._id, parent._id].sort());
    expect(found.get(list._id)).toEqual({
      id: list._id,
      name: 'contract',
      currency: 'USD',
      validFrom: '2030-01-01',
      validTo: null,
      parentId: parent._id,
      versions: [
        { startsOn: null, rules: [fixed('a-1', 100), drillsOff] },
        { startsOn: '2031-01-01', rules: [fixed('A-1', 110)] },
      ],
    });
    expect(found.get(parent._id)?.versions).toEqual([
      { startsOn: null, rules: [fixed('B-2', 300), allOff(10)] },
    ]);
    expect((await lists().forPricing([], ['A-1'])).size).toBe(0);
  });

  it('when a company is given lists and a policy, then it reads them back in order; left out stays', async () => {
    const acme = await newCompany('Acme');
    const other = await newCompany('Beta');
    const a = await newList({ name: 'a' });
    const b = await newList({ name: 'b' });
    expect(await lists().companyPricing(acme)).toEqual({ priceListIds: [], pricePolicy: 'lowest' });
    expect(await lists().setCompanyPricing(acme, { priceListIds: [b._id, a._id] })).toEqual({
      priceListIds: [b._id, a._id],
      pricePolicy: 'lowest',
    });
    expect(await lists().setCompanyPricing(acme, { pricePolicy: 'priority' })).toEqual({
      priceListIds: [b._id, a._id],
      pricePolicy: 'priority',
    });
    await lists().setCompanyPricing(other, { priceListIds: [a._id] });
    expect((await lists().get(a._id))?.companyIds).toEqual([acme, other]);
    expect(await lists().setCompanyPricing(acme, { priceListIds: [a._id] })).toEqual({
      priceListIds: [a._id],
      pricePolicy: 'priority',
    });
    expect((await lists().get(b._id))?.companyIds).toEqual([]);
    expect(await lists().companyPricing(MISSING)).toBeNull();
    expect(await lists().setCompanyPricing(MISSING, { pricePolicy: 'lowest' })).toBeNull();
  });

  it('when a company is given an unknown list, then nothing is written and the id is named', async () => {
    const acme = await newCompany('Acme');
    const a = await newList({ name: 'a' });
    await lists().setCompanyPricing(acme, { priceListIds: [a._id] });
    expect(
      await lists().setCompanyPricing(acme, {
        priceListIds: [a._id, MISSING],
        pricePolicy: 'priority',
      }),
    ).toEqual({ unknownListId: MISSING });
    expect(await lists().companyPricing(acme)).toEqual({
      priceListIds: [a._id],
      pricePolicy: 'lowest',
    });
  });
}
