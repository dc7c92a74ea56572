import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { NexusStatesSchema, VatRatesTableSchema } from '@toolworks/contract/tax-settings';
import { EU_VAT_RATES_CHECKED_ON } from '../../domain/eu-vat-rates.js';
import type { ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';
import { createTaxSettings } from './index.js';

const shop = useSignedIn(useTestApp(), {
  admin: { displayName: 'Ada Admin', admin: true },
  buyer: {},
});
const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);
const api = () => request(shop.app);

const countryRow = async (country: string) => {
  const res = await as(shop.admin, api().get('/api/admin/tax/rates')).expect(200);
  return VatRatesTableSchema.parse(res.body).countries.find((c) => c.country === country);
};

describe('GET /admin/tax/rates', () => {
  it('when an admin asks, then the 27 member states with the shipped rates and the checked-on day', async () => {
    const res = await as(shop.admin, api().get('/api/admin/tax/rates')).expect(200);
    const table = VatRatesTableSchema.parse(res.body);
    expect(table.checkedOn).toBe(EU_VAT_RATES_CHECKED_ON);
    expect(table.countries).toHaveLength(27);
    expect(table.countries.find((c) => c.country === 'FR')).toEqual({
      country: 'FR',
      standard: 20,
      reduced: 5.5,
      defaultStandard: 20,
      defaultReduced: 5.5,
      edited: false,
    });
  });

  it('when a customer or nobody asks, then 403 and 401', async () => {
    await as(shop.buyer, api().get('/api/admin/tax/rates')).expect(403);
    await api().get('/api/admin/tax/rates').expect(401);
  });
});

describe('PUT and DELETE /admin/tax/rates/{country}', () => {
  it('when an admin corrects a rate, then the table shows it edited, by whom, and reset goes back', async () => {
    const res = await as(shop.admin, api().put('/api/admin/tax/rates/AT'))
      .send({ standard: 20, reduced: 13 })
      .expect(200);
    expect(res.body).toMatchObject({
      country: 'AT',
      reduced: 13,
      defaultReduced: 10,
      edited: true,
    });
    expect(await countryRow('AT')).toMatchObject({
      reduced: 13,
      edited: true,
      editedBy: shop.admin.email.toLowerCase(),
    });
    const reset = await as(shop.admin, api().delete('/api/admin/tax/rates/AT')).expect(200);
    expect(reset.body).toEqual({
      country: 'AT',
      standard: 20,
      reduced: 10,
      defaultStandard: 20,
      defaultReduced: 10,
      edited: false,
    });
    expect((await countryRow('AT'))?.edited).toBe(false);
  });

  it.each([
    [{ standard: 100, reduced: 5 }, 'Standard rate must be less than 100'],
    [{ standard: 20, reduced: -1 }, 'Reduced rate must be 0 or more'],
    [{ standard: 20, reduced: 21 }, 'Reduced rate must not be above the standard rate'],
    [{ standard: 20.0001, reduced: 5 }, 'Standard rate may have at most 3 decimals'],
    [{ standard: '20', reduced: 5 }, 'Standard rate must be a number'],
    [{ reduced: 5 }, 'Standard rate must be a number'],
  ])('when the rates are %j, then 400 saying so', async (body, message) => {
    const res = await as(shop.admin, api().put('/api/admin/tax/rates/DE')).send(body).expect(400);
    expect(JSON.stringify(res.body.error)).toContain(message);
    expect((await countryRow('DE'))?.edited).toBe(false);
  });

  it('when the country is not a member state, then 404; when it is no code, then 400', async () => {
    await as(shop.admin, api().put('/api/admin/tax/rates/US'))
      .send({ standard: 10, reduced: 5 })
      .expect(404);
    await as(shop.admin, api().put('/api/admin/tax/rates/de'))
      .send({ standard: 10, reduced: 5 })
      .expect(400);
  });

  it('when a customer tries, then 403 and nothing changes', async () => {
    await as(shop.buyer, api().put('/api/admin/tax/rates/IT'))
      .send({ standard: 10, reduced: 5 })
      .expect(403);
    await as(shop.buyer, api().delete('/api/admin/tax/rates/IT')).expect(403);
    await api().put('/api/admin/tax/rates/IT').send({ standard: 10, reduced: 5 }).expect(401);
    expect((await countryRow('IT'))?.standard).toBe(22);
  });
});

describe('/admin/tax/nexus', () => {
  it('when an admin adds, edits and removes states, then the list follows, by state', async () => {
    await as(shop.admin, api().put('/api/admin/tax/nexus/NY'))
      .send({ ratePercent: 8.875, since: '2026-01-01' })
      .expect(200);
    const ca = await as(shop.admin, api().put('/api/admin/tax/nexus/CA'))
      .send({ ratePercent: 7.25 })
      .expect(200);
    expect(ca.body).toMatchObject({ state: 'CA', ratePercent: 7.25 });
    expect(ca.body.since).toBeUndefined();
    await as(shop.admin, api().put('/api/admin/tax/nexus/NY')).send({ ratePercent: 8 }).expect(200);
    const list = NexusStatesSchema.parse(
      (await as(shop.admin, api().get('/api/admin/tax/nexus')).expect(200)).body,
    );
    expect(list.states.map((s) => [s.state, s.ratePercent, s.since])).toEqual([
      ['CA', 7.25, undefined],
      ['NY', 8, undefined],
    ]);
    await as(shop.admin, api().delete('/api/admin/tax/nexus/CA')).expect(204);
    await as(shop.admin, api().delete('/api/admin/tax/nexus/CA')).expect(404);
    const after = await as(shop.admin, api().get('/api/admin/tax/nexus')).expect(200);
    expect(after.body.states.map((s: { state: string }) => s.state)).toEqual(['NY']);
    await as(shop.admin, api().delete('/api/admin/tax/nexus/NY')).expect(204);
  });

  it.each([
    ['XX', { ratePercent: 5 }, 'State must be a US state code like NY'],
    ['NY', { ratePercent: 0 }, 'Rate must be more than 0'],
    ['NY', { ratePercent: 100 }, 'Rate must be less than 100'],
    ['NY', { ratePercent: 8.8751 }, 'Rate may have at most 3 decimals'],
    ['NY', { ratePercent: 8, since: '2026-02-30' }, 'Since must be a date like 2027-03-31'],
    ['NY', {}, 'Rate must be a number'],
  ])('when %s is given %j, then 400 saying so', async (state, body, message) => {
    const res = await as(shop.admin, api().put(`/api/admin/tax/nexus/${state}`))
      .send(body)
      .expect(400);
    expect(JSON.stringify(res.body.error)).toContain(message);
  });

  it('when a customer tries, then 403', async () => {
    await as(shop.buyer, api().get('/api/admin/tax/nexus')).expect(403);
    await as(shop.buyer, api().put('/api/admin/tax/nexus/NY')).send({ ratePercent: 5 }).expect(403);
    await as(shop.buyer, api().delete('/api/admin/tax/nexus/NY')).expect(403);
    await api().get('/api/admin/tax/nexus').expect(401);
  });
});

describe('createTaxSettings', () => {
  it("when the admin has corrected a rate and added nexus states, then the decision's rates carry them", async () => {
    await as(shop.admin, api().put('/api/admin/tax/rates/FI'))
      .send({ standard: 25.5, reduced: 14 })
      .expect(200);
    await as(shop.admin, api().put('/api/admin/tax/nexus/TX'))
      .send({ ratePercent: 6.25 })
      .expect(200);
    const settings = createTaxSettings(shop.store, testConfig({ TAX_RATE_PERCENT: '7' }));
    const rates = await settings.rates();
    expect(rates.eu.FI).toEqual({ standard: 25.5, reduced: 14 });
    expect(rates.eu.DE).toEqual({ standard: 19, reduced: 7 });
    expect(Object.keys(rates.eu)).toHaveLength(27);
    expect(rates.usNexus).toMatchObject({ TX: 6.25 });
    expect(rates.singleRatePercent).toBe(7);
    await as(shop.admin, api().delete('/api/admin/tax/rates/FI')).expect(200);
    await as(shop.admin, api().delete('/api/admin/tax/nexus/TX')).expect(204);
  });
});
