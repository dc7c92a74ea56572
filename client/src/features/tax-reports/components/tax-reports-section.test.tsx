import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { TaxReportsSection } from '../index';

const csv = (name: string) =>
  new Response('\uFEFFCountry code,VAT number,Total value of supplies\r\n', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });

describe('TaxReportsSection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00.000Z'));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when opened, then the last complete quarter and month are chosen and each report says what it holds', () => {
    fakeApi({});
    renderFeature(<TaxReportsSection />, { session: signedInSession() });
    expect(screen.getByRole('heading', { name: 'Tax reports' })).toBeVisible();
    expect(screen.getByLabelText('Quarter')).toHaveDisplayValue('Q3 2026 (Jul–Sep)');
    expect(screen.getByLabelText('Month')).toHaveDisplayValue('October 2026');
    expect(
      screen.getByRole('button', { name: 'Download EC Sales List (CSV)' }),
    ).toHaveAccessibleDescription(
      'Tax-free supplies to EU businesses with a verified VAT ID, one row per VAT ID. For Q3 2026 (Jul–Sep).',
    );
    expect(screen.getByRole('button', { name: 'Download OSS return (CSV)' })).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Download US sales tax (CSV)' }),
    ).toHaveAccessibleDescription(/For October 2026\.$/);
  });

  it('when a quarter is picked and the OSS return downloaded, then that quarter is asked for and the file saved under its name', async () => {
    const api = fakeApi({ 'GET /api/admin/tax/oss.csv': () => csv('oss-2026-Q4.csv') });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderFeature(<TaxReportsSection />, { session: signedInSession() });

    await user.selectOptions(screen.getByLabelText('Quarter'), 'Q4 2026 (Oct–Dec)');
    await user.click(screen.getByRole('button', { name: 'Download OSS return (CSV)' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.requestsTo('/api/admin/tax/oss.csv')[0]?.url.searchParams.get('quarter')).toBe(
      '2026-Q4',
    );
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('oss-2026-Q4.csv');
    click.mockRestore();
  });

  it('when the month of sales tax is downloaded, then the month is asked for', async () => {
    const api = fakeApi({ 'GET /api/admin/tax/sales-tax.csv': () => csv('sales-tax-2026-09.csv') });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderFeature(<TaxReportsSection />, { session: signedInSession() });

    await user.selectOptions(screen.getByLabelText('Month'), 'September 2026');
    await user.click(screen.getByRole('button', { name: 'Download US sales tax (CSV)' }));

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.requestsTo('/api/admin/tax/sales-tax.csv')[0]?.url.searchParams.get('month')).toBe(
      '2026-09',
    );
    click.mockRestore();
  });

  it('when a download is refused, then the server says why beside its button', async () => {
    fakeApi({
      'GET /api/admin/tax/ec-sales-list.csv': () =>
        apiError(400, 'VALIDATION_ERROR', 'quarter must be like 2026-Q4'),
    });
    const { user } = renderFeature(<TaxReportsSection />, { session: signedInSession() });
    await user.click(screen.getByRole('button', { name: 'Download EC Sales List (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('quarter must be like 2026-Q4');
  });
});
