import type { ImportReport } from '@toolworks/contract/catalogue-import';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { CatalogueImport } from './catalogue-import';

const csvFile = () => new File(['SKU,Name\nA-1,Saw\n'], 'catalogue.csv', { type: 'text/csv' });

const report = (overrides: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  applied: false,
  counts: { rows: 3, create: 1, change: 1, unchanged: 1, refuse: 0 },
  rows: [
    { row: 2, sku: 'NEW-1', action: 'create', name: 'Cordless Drill 18 V' },
    {
      row: 3,
      sku: 'OLD-1',
      action: 'change',
      name: 'Bench Vise',
      fields: ['Price', 'Stock'],
      changes: [
        { field: 'Price', from: '10.00', to: '12.50' },
        { field: 'Stock', from: '50', to: '75' },
      ],
    },
  ],
  ...overrides,
});

describe('Catalogue Import/Export', () => {
  it('when a file is uploaded, then the dry run shows its counts and changed rows while progress shows, and Apply imports it', async () => {
    const dryRun = deferred<Response>();
    const api = fakeApi({
      'POST /api/admin/catalogue/import': ({ url }) =>
        url.searchParams.get('dryRun') === 'true'
          ? dryRun.promise
          : json(report({ dryRun: false, applied: true })),
    });
    const { user } = renderFeature(<CatalogueImport />, { session: signedInSession() });

    await user.upload(screen.getByLabelText('CSV file'), csvFile());
    expect(await screen.findByText('Checking every row of the file…')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Checking every row of the file…' }),
    ).toBeVisible();
    dryRun.resolve(json(report()));

    expect(
      await screen.findByText(
        /Dry run of catalogue\.csv: 1 tool to add, 1 tool to change, 1 row unchanged, 0 rows refused\./,
      ),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Rows to add, change or refuse' });
    const added = within(table).getByRole('row', { name: /NEW-1/ });
    expect(added).toHaveTextContent('Add');
    expect(added).toHaveTextContent('Cordless Drill 18 V');
    const row = within(table).getByRole('row', { name: /OLD-1/ });
    expect(row).toHaveTextContent('Change');
    expect(row).toHaveTextContent('Bench Vise');
    const changes = within(row).getAllByRole('listitem');
    expect(changes.map((item) => item.textContent)).toEqual([
      'Price: 10.00 → 12.50',
      'Stock: 50 → 75',
    ]);
    expect(api.requestsTo('/api/admin/catalogue/import')[0]?.body).toEqual({
      csv: 'SKU,Name\nA-1,Saw\n',
    });

    await user.click(screen.getByRole('button', { name: 'Apply import' }));
    expect(
      await screen.findByText(/Imported\. 1 tool added, 1 tool changed, 1 row unchanged/),
    ).toBeVisible();
    expect(api.requestsTo('/api/admin/catalogue/import')[1]?.url.searchParams.get('dryRun')).toBe(
      'false',
    );
    expect(screen.queryByRole('button', { name: 'Apply import' })).not.toBeInTheDocument();
  });

  it('when rows are refused, then each is listed with its reasons and Apply stays off', async () => {
    fakeApi({
      'POST /api/admin/catalogue/import': () =>
        json(
          report({
            counts: { rows: 2, create: 1, change: 0, unchanged: 0, refuse: 1 },
            rows: [
              { row: 2, sku: 'NEW-1', action: 'create', name: 'Drill' },
              {
                row: 3,
                sku: 'BAD-1',
                action: 'refuse',
                problems: ['Name is required', 'Price must be a number'],
              },
            ],
          }),
        ),
    });
    const { user } = renderFeature(<CatalogueImport />, { session: signedInSession() });
    await user.upload(screen.getByLabelText('CSV file'), csvFile());

    const row = await screen.findByRole('row', { name: /BAD-1/ });
    expect(row).toHaveTextContent('Refused');
    expect(row).toHaveTextContent('Name is required; Price must be a number');
    expect(screen.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  });

  it('when the dry run lists many rows, then the first are shown and the rest on asking', async () => {
    const rows = Array.from({ length: 130 }, (_, i) => ({
      row: i + 2,
      sku: `NEW-${i + 1}`,
      action: 'create' as const,
      name: `Tool ${i + 1}`,
    }));
    fakeApi({
      'POST /api/admin/catalogue/import': () =>
        json(
          report({ counts: { rows: 130, create: 130, change: 0, unchanged: 0, refuse: 0 }, rows }),
        ),
    });
    const { user } = renderFeature(<CatalogueImport />, { session: signedInSession() });
    await user.upload(screen.getByLabelText('CSV file'), csvFile());

    const table = await screen.findByRole('table', { name: 'Rows to add, change or refuse' });
    expect(within(table).getAllByRole('row')).toHaveLength(101);
    await user.click(screen.getByRole('button', { name: 'Show all 130 rows' }));
    expect(within(table).getAllByRole('row')).toHaveLength(131);
    expect(within(table).getByRole('row', { name: /NEW-130/ })).toHaveTextContent('Tool 130');
  });
});
