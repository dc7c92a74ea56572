import type { VatRatesRow, VatRatesTable } from '@toolworks/contract/tax-settings';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, deferred, fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { TaxPage } from './tax-page';

const shipped = (country: string, standard: number, reduced: number): VatRatesRow => ({
  country,
  standard,
  reduced,
  defaultStandard: standard,
  defaultReduced: reduced,
  edited: false,
});
const table = (rows: VatRatesRow[]): VatRatesTable => ({
  checkedOn: '2026-11-28',
  countries: rows,
});
const companyId = 'c'.repeat(24);
const expiring = {
  certificates: [
    {
      _id: 'a'.repeat(24),
      companyId,
      number: 'NY-RC-1001',
      state: 'NY',
      expiresOn: '2026-12-09',
      fileBytes: 1200,
      createdAt: '2026-01-01T00:00:00.000Z',
      createdBy: 'ada@example.com',
      companyName: 'Hudson Hardware',
      daysLeft: 10,
    },
  ],
};

const render = () => renderFeature(<TaxPage />, { session: signedInSession() });

describe('the admin Tax page', () => {
  it('when it loads, then the EU table with its checked-on day, the nexus states and the expiring certificates show', async () => {
    fakeApi({
      'GET /api/admin/tax/rates': () => json(table([shipped('DE', 19, 7), shipped('FR', 20, 5.5)])),
      'GET /api/admin/tax/nexus': () =>
        json({
          states: [
            {
              state: 'NY',
              ratePercent: 8.875,
              since: '2026-01-01',
              updatedBy: 'ada@example.com',
              updatedAt: '2026-11-01T00:00:00.000Z',
            },
          ],
        }),
      'GET /api/admin/tax/certificates/expiring': () => json(expiring),
    });
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax' })).toBeInTheDocument();
    const eu = await screen.findByRole('table', { name: 'EU VAT rates by member state' });
    expect(within(eu).getByRole('rowheader', { name: 'France (FR)' })).toBeInTheDocument();
    expect(within(eu).getByText('5.5%')).toBeInTheDocument();
    expect(screen.getByText(/checked on Nov 28, 2026/)).toBeInTheDocument();
    const nexus = await screen.findByRole('table', { name: 'US states with sales tax nexus' });
    expect(within(nexus).getByText('8.875%')).toBeInTheDocument();
    const warning = await screen.findByRole('list', {
      name: 'Certificates expiring within 30 days',
    });
    expect(within(warning).getByText('expires in 10 days')).toBeInTheDocument();
    expect(within(warning).getByRole('link', { name: 'Hudson Hardware' })).toHaveAttribute(
      'href',
      `/dashboard/companies/${companyId}`,
    );
  });

  it('when the admin edits a rate with a reduced rate above the standard, then it is refused; fixed, it is saved and shown as edited; Reset goes back', async () => {
    let rows = [shipped('FI', 25.5, 14)];
    const api = fakeApi({
      'GET /api/admin/tax/rates': () => json(table(rows)),
      'GET /api/admin/tax/nexus': () => json({ states: [] }),
      'GET /api/admin/tax/certificates/expiring': () => json({ certificates: [] }),
      'PUT /api/admin/tax/rates/FI': ({ body }) => {
        const { standard, reduced } = body as { standard: number; reduced: number };
        const row = {
          ...shipped('FI', 25.5, 14),
          standard,
          reduced,
          edited: true,
          editedBy: 'ada@example.com',
          editedAt: '2026-11-29T10:00:00.000Z',
        };
        rows = [row];
        return json(row);
      },
      'DELETE /api/admin/tax/rates/FI': () => {
        rows = [shipped('FI', 25.5, 14)];
        return json(rows[0]);
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Edit Finland (FI)' }));
    const reduced = screen.getByLabelText('Reduced rate (%)');
    expect(screen.getByLabelText('Standard rate (%)')).toHaveFocus();
    await user.clear(reduced);
    await user.type(reduced, '30');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(
      await screen.findByText('Reduced rate must not be above the standard rate'),
    ).toBeInTheDocument();
    expect(api.requestsTo('/api/admin/tax/rates/FI')).toHaveLength(0);

    await user.clear(reduced);
    await user.type(reduced, '13.5');
    await user.click(screen.getByRole('button', { name: 'Save rates' }));
    expect(await screen.findByText(/Edited by ada@example.com/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit Finland (FI)' })).toHaveFocus(),
    );
    expect(api.requestsTo('/api/admin/tax/rates/FI')[0]?.body).toEqual({
      standard: 25.5,
      reduced: 13.5,
    });

    await user.click(screen.getByRole('button', { name: 'Reset Finland (FI)' }));
    await waitFor(() => expect(screen.queryByText(/Edited by/)).not.toBeInTheDocument());
    expect(screen.getByText('Shipped')).toBeInTheDocument();
  });

  it('when the admin adds a state, then it is sent and listed; editing changes its rate; removing asks first', async () => {
    let states: object[] = [];
    const api = fakeApi({
      'GET /api/admin/tax/rates': () => json(table([])),
      'GET /api/admin/tax/nexus': () => json({ states }),
      'GET /api/admin/tax/certificates/expiring': () => json({ certificates: [] }),
      'PUT /api/admin/tax/nexus/TX': ({ body }) => {
        const saved = {
          state: 'TX',
          ...(body as object),
          updatedBy: 'ada@example.com',
          updatedAt: '2026-11-29T10:00:00.000Z',
        };
        states = [saved];
        return json(saved);
      },
      'DELETE /api/admin/tax/nexus/TX': () => {
        states = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = render();
    expect(
      await screen.findByText('No state yet: no US sales tax is charged.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save state' }));
    expect(await screen.findByText('Choose a state')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('Rate (%)'), '6.25');
    await user.click(screen.getByRole('button', { name: 'Save state' }));
    const nexus = await screen.findByRole('table', { name: 'US states with sales tax nexus' });
    expect(within(nexus).getByText('6.25%')).toBeInTheDocument();
    expect(api.requestsTo('/api/admin/tax/nexus/TX')[0]?.body).toEqual({ ratePercent: 6.25 });

    await user.click(screen.getByRole('button', { name: 'Edit TX' }));
    const rate = screen.getByLabelText('Rate (%)');
    expect(rate).toHaveFocus();
    await user.clear(rate);
    await user.type(rate, '8.25');
    await user.click(screen.getByRole('button', { name: 'Save state' }));
    expect(await within(nexus).findByText('8.25%')).toBeInTheDocument();
    expect(api.requestsTo('/api/admin/tax/nexus/TX')[1]?.body).toEqual({ ratePercent: 8.25 });

    await user.click(screen.getByRole('button', { name: 'Remove TX' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Stop charging sales tax in TX?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove' }));
    expect(
      await screen.findByText('No state yet: no US sales tax is charged.'),
    ).toBeInTheDocument();
  });

  it('when the rates are loading and then fail, then a status and an error with Try again show', async () => {
    const gate = deferred<Response>();
    fakeApi({
      'GET /api/admin/tax/rates': () => gate.promise,
      'GET /api/admin/tax/nexus': () => json({ states: [] }),
      'GET /api/admin/tax/certificates/expiring': () => json({ certificates: [] }),
    });
    render();
    expect(await screen.findByText('Loading the EU VAT rates…')).toBeInTheDocument();
    gate.resolve(apiError(500, 'INTERNAL', 'Something broke'));
    expect(await screen.findByText("We couldn't load the EU VAT rates.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
