import type { CompanyDetail } from '@toolworks/contract/companies';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/testing/fake-api';
import { renderFeature, signedInSession } from '@/testing/render';
import { AdminCompany } from './admin-company';

const id = 'c'.repeat(24);
const company: CompanyDetail = {
  _id: id,
  name: 'Berliner Werkzeug GmbH',
  vatId: 'DE811907980',
  vatStatus: 'pending',
  vatCheckDueAt: '2026-11-29T10:00:00.000Z',
  billingAddress: 'Hauptstrasse 1, Berlin',
  deliveryAddresses: [{ _id: 'e'.repeat(24), label: 'Main', address: 'Hauptstrasse 1, Berlin' }],
  paymentTerms: 'none',
  creditLimit: 0,
  memberCount: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  members: [],
  invitations: [],
};

const verified: CompanyDetail = {
  ...company,
  vatStatus: 'valid',
  vatEvidence: {
    requestIdentifier: 'WAPIAAAAZ7abcdef',
    name: 'BERLINER WERKZEUG GMBH',
    address: 'HAUPTSTRASSE 1, BERLIN',
    requestDate: '2026-11-29T10:15:00.000Z',
    checkedAt: '2026-11-29T10:15:01.000Z',
  },
  vatCheckDueAt: '2026-12-29T10:15:01.000Z',
};

const render = () =>
  renderFeature(<AdminCompany id={id} email="admin@example.com" />, {
    session: signedInSession(),
  });

describe('Companies: the VAT ID verified with VIES', () => {
  it('when the admin checks a pending VAT ID now, then the badge says verified with the consultation number', async () => {
    let current = company;
    const api = fakeApi({
      [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
      [`GET /api/companies/${id}`]: () => json(current),
      'GET /api/price-lists': () => json([]),
      [`POST /api/companies/${id}/vat-check`]: () => json((current = verified)),
    });
    const { user } = render();
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check VAT ID now' }));
    expect(
      await screen.findByText('VAT ID verified 2026-11-29 (consultation WAPIAAAAZ7abcdef)'),
    ).toBeInTheDocument();
    expect(screen.getByText(/BERLINER WERKZEUG GMBH/)).toBeInTheDocument();
    expect(api.requestsTo(`/api/companies/${id}/vat-check`)).toHaveLength(1);
  });

  it('when a check failed, then it says so and when it is tried again', async () => {
    fakeApi({
      [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
      [`GET /api/companies/${id}`]: () =>
        json({ ...company, vatStatus: 'unavailable', vatLastError: 'MS_UNAVAILABLE' }),
      'GET /api/price-lists': () => json([]),
    });
    render();
    expect(await screen.findByText('Check failed, retrying')).toBeInTheDocument();
    expect(screen.getByText(/MS_UNAVAILABLE/)).toBeInTheDocument();
  });

  it('when the admin records a manual verification without a note, then the note is asked for; with one, it is sent and shown', async () => {
    const note = 'Confirmation letter from the Bundeszentralamt on file';
    let current: CompanyDetail = { ...company, vatStatus: 'invalid' };
    const api = fakeApi({
      [`GET /api/companies/${id}/resale-certificates`]: () => json({ certificates: [] }),
      [`GET /api/companies/${id}`]: () => json(current),
      'GET /api/price-lists': () => json([]),
      [`POST /api/companies/${id}/vat-verification`]: () =>
        json(
          (current = {
            ...current,
            vatManualVerification: {
              note,
              by: 'admin@example.com',
              at: '2026-11-29T11:00:00.000Z',
            },
          }),
        ),
    });
    const { user } = render();
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record manual verification' }));
    expect(await screen.findByText('Note is required')).toBeInTheDocument();
    expect(api.requestsTo(`/api/companies/${id}/vat-verification`)).toHaveLength(0);
    await user.type(screen.getByLabelText('Note'), note);
    await user.click(screen.getByRole('button', { name: 'Record manual verification' }));
    expect(
      await screen.findByText(`Verified by hand by admin@example.com on 2026-11-29: ${note}`),
    ).toBeInTheDocument();
    expect(api.requestsTo(`/api/companies/${id}/vat-verification`)[0]?.body).toEqual({ note });
  });
});
