import type { CompanyDetail } from '@toolworks/contract/companies';
import type { ResaleCertificate } from '@toolworks/contract/tax-settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminCompany } from './admin-company';

const id = 'c'.repeat(24);
const company: CompanyDetail = {
  _id: id,
  name: 'Hudson Hardware',
  vatId: '12-3456789',
  vatStatus: 'unchecked',
  billingAddress: '1 Main Street, Albany NY',
  deliveryAddresses: [{ _id: 'e'.repeat(24), label: 'Main', address: '1 Main Street, Albany NY' }],
  paymentTerms: 'none',
  creditLimit: 0,
  memberCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [],
  invitations: [],
};

const dayFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const certificate = (number: string, expiresOn: string): ResaleCertificate => ({
  _id: `${number.length}`.padStart(24, 'a'),
  companyId: id,
  number,
  state: 'NY',
  expiresOn,
  fileBytes: 1200,
  createdAt: '2026-01-01T00:00:00.000Z',
  createdBy: 'ada@example.com',
});

const render = () =>
  renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
    session: signedInSession(),
  });

const pdf = () => new File(['%PDF-1.7\n'], 'certificate.pdf', { type: 'application/pdf' });

const certificatesPath = `/api/companies/${id}/resale-certificates`;

afterEach(() => vi.unstubAllGlobals());

describe('Companies: resale certificates', () => {
  it('when certificates are listed, then each shows its expiry, an expired badge or a warning within 30 days', async () => {
    fakeApi({
      [`GET /api/companies/${id}`]: () => json(company),
      'GET /api/price-lists': () => json([]),
      [`GET ${certificatesPath}`]: () =>
        json({
          certificates: [
            certificate('OLD-1', '2000-01-31'),
            certificate('SOON-22', dayFromNow(10)),
            certificate('LATER-333', dayFromNow(200)),
          ],
        }),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Resale certificates' });
    const row = (number: string) => within(table).getByRole('row', { name: new RegExp(number) });
    expect(within(row('OLD-1')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('SOON-22')).getByText('Expires in 10 days')).toBeInTheDocument();
    expect(within(row('LATER-333')).queryByText(/Expire/)).not.toBeInTheDocument();
    expect(
      within(row('LATER-333')).getByRole('button', {
        name: 'Download PDF of certificate LATER-333',
      }),
    ).toBeInTheDocument();
  });

  it('when the admin adds one without a file, then it is asked for; a non-PDF is refused; a PDF is uploaded with its fields', async () => {
    let certificates: ResaleCertificate[] = [];
    const expiresOn = dayFromNow(365);
    const api = fakeApi({
      [`GET /api/companies/${id}`]: () => json(company),
      'GET /api/price-lists': () => json([]),
      [`GET ${certificatesPath}`]: () => json({ certificates }),
      [`POST ${certificatesPath}`]: (req) => {
        const saved = {
          ...certificate(req.url.searchParams.get('number') ?? '', expiresOn),
          state: req.url.searchParams.get('state') ?? '',
        };
        certificates = [saved];
        return json(saved, { status: 201 });
      },
    });
    const { user } = render();
    expect(await screen.findByText(/No resale certificate/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Certificate number'), 'TX-9001');
    await user.selectOptions(screen.getByLabelText('State'), 'TX');
    await user.type(screen.getByLabelText('Expires on'), expiresOn);
    await user.click(screen.getByRole('button', { name: 'Add certificate' }));
    expect(await screen.findByText('Choose the certificate PDF')).toBeInTheDocument();

    const upload = screen.getByLabelText('Certificate (PDF)');
    // A browser's file picker can still hand over another type (All files): the form says no.
    await userEvent
      .setup({ applyAccept: false })
      .upload(upload, new File(['png'], 'photo.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Add certificate' }));
    expect(await screen.findByText('The file must be a PDF')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.upload(upload, pdf());
    await user.click(screen.getByRole('button', { name: 'Add certificate' }));
    const table = await screen.findByRole('table', { name: 'Resale certificates' });
    expect(within(table).getByText('TX-9001')).toBeInTheDocument();
    const [post] = api.requests.filter((r) => r.method === 'POST');
    expect(Object.fromEntries(post!.url.searchParams)).toEqual({
      number: 'TX-9001',
      state: 'TX',
      expiresOn,
    });
    expect(post!.headers.get('Content-Type')).toBe('application/pdf');
    expect(post!.body).toBeInstanceOf(Blob);
  });

  it('when the admin deletes one, then a dialog asks first; Yes deletes it', async () => {
    let certificates = [certificate('NY-1', dayFromNow(100))];
    const api = fakeApi({
      [`GET /api/companies/${id}`]: () => json(company),
      'GET /api/price-lists': () => json([]),
      [`GET ${certificatesPath}`]: () => json({ certificates }),
      [`DELETE ${certificatesPath}/${certificates[0]!._id}`]: () => {
        certificates = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Delete certificate NY-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete certificate NY-1?' });
    expect(within(dialog).getByRole('button', { name: 'No, keep' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText(/No resale certificate/)).toBeInTheDocument();
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });

  it('when the admin downloads one, then its PDF route is fetched and saved under its name', async () => {
    const cert = certificate('NY-1', dayFromNow(100));
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cert'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = fakeApi({
      [`GET /api/companies/${id}`]: () => json(company),
      'GET /api/price-lists': () => json([]),
      [`GET ${certificatesPath}`]: () => json({ certificates: [cert] }),
      [`GET ${certificatesPath}/${cert._id}/file`]: () =>
        new Response('%PDF-1.4', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="resale-certificate-NY-1.pdf"',
          },
        }),
    });
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Download PDF of certificate NY-1' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect(api.requestsTo(`${certificatesPath}/${cert._id}/file`)).toHaveLength(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'resale-certificate-NY-1.pdf',
    );
    click.mockRestore();
  });

  it('when the PDF is over 5 MB, then the form says so and nothing is sent', async () => {
    const api = fakeApi({
      [`GET /api/companies/${id}`]: () => json(company),
      'GET /api/price-lists': () => json([]),
      [`GET ${certificatesPath}`]: () => json({ certificates: [] }),
    });
    const { user } = render();
    await user.type(await screen.findByLabelText('Certificate number'), 'CA-1');
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    await user.type(screen.getByLabelText('Expires on'), dayFromNow(90));
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', {
      type: 'application/pdf',
    });
    await user.upload(screen.getByLabelText('Certificate (PDF)'), big);
    await user.click(screen.getByRole('button', { name: 'Add certificate' }));
    expect(await screen.findByText('The PDF must be 5 MB or smaller')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
