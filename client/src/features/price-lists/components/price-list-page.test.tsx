import type { PriceList, PriceListImportReport } from '@toolworks/contract/price-lists';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/access-token';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { NewPriceList, PriceListPage } from './price-list-page';

const id = 'a'.repeat(24);
const categories = [
  { slug: 'drill-bits', name: 'Drill bits', count: 12 },
  { slug: 'saws', name: 'Saws', count: 4 },
];
const priceList = (overrides: Partial<PriceList> = {}): PriceList => ({
  _id: id,
  name: 'Distributor',
  currency: 'USD',
  validFrom: null,
  validTo: null,
  parentId: null,
  lines: [],
  versions: [],
  companyIds: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const common = {
  'GET /api/categories': () => json(categories),
  'GET /api/price-lists': () => json([]),
};

afterEach(() => vi.unstubAllGlobals());

describe('Price list editor', () => {
  it('when the admin creates a list with a fixed price, a break and a category discount, then the whole list is sent and its page opens', async () => {
    const api = fakeApi({
      ...common,
      'POST /api/price-lists': ({ body }) => json(priceList(body as Partial<PriceList>)),
    });
    const { user } = renderFeature(<NewPriceList />, { session: signedInSession() });

    await user.type(await screen.findByLabelText('Name'), 'Key account Harbour');
    await user.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    const fixed = screen.getByRole('group', { name: 'Line 1: fixed price' });
    await user.type(within(fixed).getByLabelText('SKU'), 'DB-100');
    await user.type(within(fixed).getByLabelText('Price ($)'), '7.90');
    await user.type(within(fixed).getByLabelText('Order multiple (optional)'), '10');
    await user.click(within(fixed).getByRole('button', { name: 'Add a quantity break' }));
    await user.type(within(fixed).getByLabelText('Break 1: from quantity'), '100');
    await user.type(within(fixed).getByLabelText('Break 1: price ($)'), '7.10');
    await user.click(screen.getByRole('button', { name: 'Add a category discount' }));
    const category = screen.getByRole('group', { name: 'Line 2: category discount' });
    await user.selectOptions(within(category).getByLabelText('Category'), 'Drill bits');
    await user.type(within(category).getByLabelText('Percent off'), '35');
    await user.click(screen.getByRole('button', { name: 'Create price list' }));

    await screen.findByText(`/dashboard/price-lists/${id}`);
    expect(api.requestsTo('/api/price-lists').find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Key account Harbour',
      validFrom: null,
      validTo: null,
      parentId: null,
      lines: [
        {
          type: 'fixed',
          sku: 'DB-100',
          price: 7.9,
          breaks: [{ minQuantity: 100, price: 7.1 }],
          minimumOrderQuantity: null,
          orderMultiple: 10,
        },
        { type: 'category', category: 'drill-bits', percentOff: 35 },
      ],
      versions: [],
    });
  });

  it('when a break does not lower the price, then the contract says so next to it and nothing is sent', async () => {
    const api = fakeApi({ ...common });
    const { user } = renderFeature(<NewPriceList />, { session: signedInSession() });
    await user.type(await screen.findByLabelText('Name'), 'Distributor');
    await user.click(screen.getByRole('button', { name: 'Add a fixed price' }));
    await user.type(screen.getByLabelText('SKU'), 'DB-100');
    await user.type(screen.getByLabelText('Price ($)'), '7.90');
    await user.click(screen.getByRole('button', { name: 'Add a quantity break' }));
    await user.type(screen.getByLabelText('Break 1: from quantity'), '100');
    await user.type(screen.getByLabelText('Break 1: price ($)'), '8.50');
    await user.click(screen.getByRole('button', { name: 'Create price list' }));

    const price = screen.getByLabelText('Break 1: price ($)');
    expect(price).toHaveAccessibleDescription('Break prices must fall');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(api.requestsTo('/api/price-lists').filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('when the server refuses a line, then its message shows next to that field', async () => {
    fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () =>
        json(
          priceList({
            lines: [
              {
                type: 'fixed',
                sku: 'DB-100',
                price: 7.9,
                breaks: [],
                minimumOrderQuantity: null,
                orderMultiple: null,
              },
              { type: 'all', percentOff: 30 },
            ],
          }),
        ),
      [`PUT /api/price-lists/${id}`]: () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: 'No tool has SKU DB-100',
              details: [{ path: 'lines.0.sku', message: 'No tool has SKU DB-100' }],
            },
          },
          { status: 400 },
        ),
    });
    const { user } = renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    const fixed = await screen.findByRole('group', { name: 'Line 1: fixed price' });
    expect(within(fixed).getByLabelText('SKU')).toHaveValue('DB-100');
    const all = screen.getByRole('group', { name: 'Line 2: percent off everything' });
    expect(within(all).getByLabelText('Percent off')).toHaveValue('30');
    expect(screen.getByRole('button', { name: 'Add a percentage off everything' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    const sku = within(fixed).getByLabelText('SKU');
    expect(
      await screen.findByText('No tool has SKU DB-100', { selector: '[role="alert"]' }),
    ).toBeVisible();
    expect(sku).toHaveAccessibleDescription('No tool has SKU DB-100');
    expect(sku).toHaveFocus();
  });

  it('when a version is added, then it copies the current lines and is sent with its start date', async () => {
    const api = fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () =>
        json(priceList({ lines: [{ type: 'all', percentOff: 30 }] })),
      [`PUT /api/price-lists/${id}`]: ({ body }) => json(priceList(body as Partial<PriceList>)),
    });
    const { user } = renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    await user.click(
      await screen.findByRole('button', { name: 'Add a version (copies the current lines)' }),
    );
    await user.type(screen.getByLabelText('Version 1 starts on'), '2027-01-01');
    const copied = screen.getByRole('group', { name: 'Version 1, line 1: percent off everything' });
    await user.clear(within(copied).getByLabelText('Percent off'));
    await user.type(within(copied).getByLabelText('Percent off'), '25');
    await user.click(screen.getByRole('button', { name: 'Save price list' }));

    expect(await screen.findByText('Distributor saved')).toBeVisible();
    const put = api.requestsTo(`/api/price-lists/${id}`).find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      currency: 'USD',
      lines: [{ type: 'all', percentOff: 30 }],
      versions: [{ startsOn: '2027-01-01', lines: [{ type: 'all', percentOff: 25 }] }],
    });
  });

  it('when a lines file is chosen, then a dry run shows its counts and refused rows, and Import applies a clean one', async () => {
    const report = (overrides: Partial<PriceListImportReport>): PriceListImportReport => ({
      dryRun: true,
      applied: false,
      added: 2,
      updated: 1,
      unchanged: 1,
      errors: [],
      ...overrides,
    });
    let bad = true;
    const api = fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () => json(priceList()),
      [`POST /api/price-lists/${id}/import`]: ({ url }) =>
        url.searchParams.get('dryRun') === 'false'
          ? json(report({ dryRun: false, applied: true }))
          : bad
            ? json(
                report({
                  updated: 0,
                  errors: [
                    { row: 3, column: 'sku', sku: 'NOPE-1', message: 'No tool has this SKU' },
                  ],
                }),
              )
            : json(report({})),
    });
    const { user } = renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    const input = await screen.findByLabelText('Import lines (CSV file)');
    await user.upload(input, new File(['SKU,Price\nNOPE-1,2\n'], 'bad.csv', { type: 'text/csv' }));

    expect(
      await screen.findByText(
        'Dry run of bad.csv: 2 lines to add, 0 lines to update, 1 line unchanged, 1 row refused.',
      ),
    ).toBeVisible();
    const refused = screen.getByRole('table', { name: 'Refused rows' });
    expect(within(refused).getByRole('row', { name: /NOPE-1/ })).toHaveTextContent(
      '3NOPE-1No tool has this SKU',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    bad = false;
    await user.upload(input, new File(['SKU,Price\nDB-1,2\n'], 'good.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText(/Dry run of good\.csv: 2 lines to add, 1 line to update/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(
      await screen.findByText(
        'Imported. 2 lines added, 1 line updated, 1 line unchanged, 0 rows refused.',
      ),
    ).toBeVisible();

    const calls = api.requestsTo(`/api/price-lists/${id}/import`);
    expect(calls.map((c) => c.url.searchParams.get('dryRun'))).toEqual(['true', 'true', 'false']);
    expect(calls[2]?.body).toEqual({ csv: 'SKU,Price\nDB-1,2\n' });
  });

  it('when the admin deletes the list and confirms, then it is deleted and the lists page opens', async () => {
    const api = fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () => json(priceList({ companyIds: ['c'.repeat(24)] })),
      [`DELETE /api/price-lists/${id}`]: () => new Response(null, { status: 204 }),
    });
    const { user } = renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    await user.click(await screen.findByRole('button', { name: 'Delete price list' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Distributor?' });
    expect(dialog).toHaveTextContent('It is taken off the 1 companies');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('/dashboard/price-lists')).toBeInTheDocument();
    expect(
      api.requestsTo(`/api/price-lists/${id}`).filter((r) => r.method === 'DELETE'),
    ).toHaveLength(1);
  });

  it('when the list is not found, then it says so with the way back and no retry', async () => {
    fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () => apiError(404, 'NOT_FOUND', 'Price list not found'),
    });
    renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    expect(await screen.findByText("We couldn't find this price list.")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Price lists' })).toHaveAttribute(
      'href',
      '/dashboard/price-lists',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('when a list has many lines, then the first are drawn, the rest on asking, and Save sends them all', async () => {
    const lines = Array.from({ length: 130 }, (_, i) => ({
      type: 'fixed' as const,
      sku: `DB-${i + 1}`,
      price: 5,
      breaks: [],
      minimumOrderQuantity: null,
      orderMultiple: null,
    }));
    const api = fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () => json(priceList({ lines })),
      [`PUT /api/price-lists/${id}`]: ({ body }) => json(priceList(body as Partial<PriceList>)),
    });
    const { user } = renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    await screen.findByRole('group', { name: 'Line 100: fixed price' });
    expect(screen.queryByRole('group', { name: 'Line 101: fixed price' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save price list' }));
    expect(await screen.findByText('Distributor saved')).toBeVisible();
    const put = api.requestsTo(`/api/price-lists/${id}`).find((r) => r.method === 'PUT');
    expect((put?.body as { lines: unknown[] }).lines).toHaveLength(130);

    await user.click(screen.getByRole('button', { name: 'Show all 130 lines' }));
    expect(screen.getByRole('group', { name: 'Line 130: fixed price' })).toBeVisible();
    // Role queries over 130 rows of inputs take jsdom many seconds on a busy machine.
  }, 60_000);

  it('when the admin exports the lines, then the CSV is fetched with the token and saved under its name', async () => {
    setAccessToken('token-123');
    const api = fakeApi({
      ...common,
      [`GET /api/price-lists/${id}`]: () => json(priceList()),
      [`GET /api/price-lists/${id}/lines.csv`]: () =>
        new Response('SKU,Price\n', {
          headers: {
            'Content-Type': 'text/csv',
            'Content-Disposition': 'attachment; filename="distributor-lines.csv"',
          },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderFeature(<PriceListPage id={id} />, { session: signedInSession() });
    await user.click(await screen.findByRole('button', { name: 'Export lines (CSV)' }));

    await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('distributor-lines.csv');
    const call = api.requestsTo(`/api/price-lists/${id}/lines.csv`)[0];
    expect(call?.headers.get('Authorization')).toBe('Bearer token-123');
    click.mockRestore();
  });
});
