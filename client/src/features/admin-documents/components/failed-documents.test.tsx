import type { FailedDocumentWire } from '@toolworks/contract/failed-documents';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { FailedDocuments } from './failed-documents';

function buildDocument(overrides: Partial<FailedDocumentWire> = {}): FailedDocumentWire {
  return {
    orderId: nextId(),
    orderNumber: 'TW-100042',
    kind: 'invoice',
    errors: [
      {
        rule: 'BR-CO-26',
        text: '[BR-CO-26]-In order for the buyer to automatically identify a supplier, the Seller identifier, the Seller legal registration identifier and/or the Seller VAT identifier shall be present.',
      },
    ],
    attempts: 2,
    firstAttemptAt: '2026-12-07T09:00:00.000Z',
    lastAttemptAt: '2026-12-07T10:00:00.000Z',
    ...overrides,
  };
}

describe('Failed Documents', () => {
  it('when documents failed, then each shows its order, errors and attempts, and Retry issues it', async () => {
    const doc = buildDocument();
    fakeApi({
      'GET /api/admin/failed-documents': () =>
        json([doc, buildDocument({ orderNumber: 'TW-100043', kind: 'credit-note', attempts: 1 })]),
      [`POST /api/admin/failed-documents/${doc.orderId}/retry`]: () =>
        json({ issued: [{ kind: 'invoice', number: 'INV-2026-000007' }] }),
    });
    const { user } = renderFeature(<FailedDocuments />, { session: signedInSession() });

    const item = await screen.findByRole('listitem', { name: 'Invoice for order TW-100042' });
    expect(within(item).getByText('BR-CO-26')).toBeVisible();
    expect(within(item).getByText('2')).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Credit note for order TW-100043' })).toBeVisible();

    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Issued INV-2026-000007')).toBeVisible();
    expect(screen.queryByRole('listitem', { name: 'Invoice for order TW-100042' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Credit note for order TW-100043' })).toBeVisible();
  });

  it('when the retry fails again, then its message shows and the document stays', async () => {
    const doc = buildDocument();
    fakeApi({
      'GET /api/admin/failed-documents': () => json([doc]),
      [`POST /api/admin/failed-documents/${doc.orderId}/retry`]: () =>
        apiError(422, 'DOCUMENT_NOT_ISSUED', 'The invoice could not be issued'),
    });
    const { user } = renderFeature(<FailedDocuments />, { session: signedInSession() });
    const item = await screen.findByRole('listitem', { name: 'Invoice for order TW-100042' });
    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The invoice could not be issued')).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Invoice for order TW-100042' })).toBeVisible();
  });

  it('when nothing failed, then the empty note shows', async () => {
    fakeApi({ 'GET /api/admin/failed-documents': () => json([]) });
    renderFeature(<FailedDocuments />, { session: signedInSession() });
    expect(await screen.findByText(/No failed documents/)).toBeVisible();
  });

  it('when the list cannot load, then an error with Try again shows', async () => {
    fakeApi({
      'GET /api/admin/failed-documents': () => apiError(503, 'INTERNAL', 'Service unavailable'),
    });
    renderFeature(<FailedDocuments />, { session: signedInSession() });
    expect(await screen.findByText("We couldn't load the failed documents.")).toBeVisible();
  });
});
