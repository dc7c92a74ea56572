import type { PriceListSummary } from '@toolworks/contract/price-lists';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { PriceLists } from './price-lists';

const summary = (overrides: Partial<PriceListSummary> = {}): PriceListSummary => ({
  _id: 'a'.repeat(24),
  name: 'Distributor',
  currency: 'USD',
  validFrom: '2027-01-01',
  validTo: null,
  parentId: null,
  companyIds: ['c'.repeat(24), 'd'.repeat(24)],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  lineCount: 1250,
  versionStarts: [],
  ...overrides,
});

describe('Price lists page', () => {
  it('when the lists load, then a table shows each with its currency, validity, parent, lines and companies', async () => {
    const pending = deferred<Response>();
    fakeApi({ 'GET /api/price-lists': () => pending.promise });
    renderFeature(<PriceLists />, { session: signedInSession() });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    pending.resolve(
      json([
        summary(),
        summary({
          _id: 'b'.repeat(24),
          name: 'Key account Harbour',
          parentId: 'a'.repeat(24),
          validFrom: null,
          lineCount: 3,
          companyIds: ['c'.repeat(24)],
        }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'Price lists' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Currency', 'Valid', 'Parent', 'Lines', 'Companies']);
    const first = within(table).getByRole('row', { name: /^Distributor/ });
    expect(
      within(first)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Distributor', 'USD', 'from 2027-01-01', '—', '1,250', '2']);
    const second = within(table).getByRole('row', { name: /Key account Harbour/ });
    expect(second).toHaveTextContent('Distributor');
    expect(within(second).getByRole('link', { name: 'Key account Harbour' })).toHaveAttribute(
      'href',
      `/dashboard/price-lists/${'b'.repeat(24)}`,
    );
    expect(screen.getByRole('link', { name: 'New price list' })).toHaveAttribute(
      'href',
      '/dashboard/price-lists/new',
    );
  });

  it('when there is no list, then it says so and offers a new one', async () => {
    fakeApi({ 'GET /api/price-lists': () => json([]) });
    renderFeature(<PriceLists />, { session: signedInSession() });
    expect(await screen.findByText(/No price lists yet/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'New price list' })).toBeVisible();
  });

  it('when loading fails, then the error shows with a way to try again', async () => {
    let calls = 0;
    fakeApi({
      'GET /api/price-lists': () =>
        ++calls <= 1
          ? apiError(403, 'FORBIDDEN', 'Admins only')
          : json([summary({ name: 'Retry list' })]),
    });
    const { user } = renderFeature(<PriceLists />, { session: signedInSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't load the price lists.Admins only",
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Retry list' })).toBeVisible();
  });
});
