import type { OutboxMessageWire } from '@toolworks/contract/mail';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '@/testing/fake-api';
import { nextId } from '@/testing/factories';
import { renderFeature, signedInSession } from '@/testing/render';
import { FailedEmails } from './failed-emails';

function buildMail(overrides: Partial<OutboxMessageWire> = {}): OutboxMessageWire {
  return {
    _id: nextId(),
    kind: 'payment-received',
    orderId: nextId(),
    to: 'dana@example.com',
    subject: 'Payment received for order TW-100042',
    status: 'failed',
    attempts: 8,
    nextAttemptAt: '2026-11-20T10:00:00.000Z',
    lastError: '550 Mailbox unavailable',
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const list = (mails: OutboxMessageWire[]) =>
  json(mails, { headers: { 'X-Total-Count': String(mails.length) } });

describe('Failed Emails', () => {
  it('when mails failed, then each shows recipient, attempts and error, and Retry queues it again', async () => {
    const mail = buildMail();
    const api = fakeApi({
      'GET /api/admin/outbox': () =>
        list([mail, buildMail({ to: 'eli@example.com', subject: 'Order TW-100043 has shipped' })]),
      [`POST /api/admin/outbox/${mail._id}/retry`]: () =>
        json({ ...mail, status: 'pending', attempts: 0 }),
    });
    const { user } = renderFeature(<FailedEmails />, { session: signedInSession() });

    const item = await screen.findByRole('listitem', {
      name: 'Payment received for order TW-100042',
    });
    expect(within(item).getByText('dana@example.com')).toBeVisible();
    expect(within(item).getByText('8')).toBeVisible();
    expect(within(item).getByText('550 Mailbox unavailable')).toBeVisible();
    expect(api.requestsTo('/api/admin/outbox')[0]?.url.searchParams.get('status')).toBe('failed');

    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The email to dana@example.com is queued again')).toBeVisible();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('eli@example.com')).toBeVisible();
  });

  it('when nothing failed, then the empty note shows', async () => {
    fakeApi({ 'GET /api/admin/outbox': () => list([]) });
    renderFeature(<FailedEmails />, { session: signedInSession() });
    expect(await screen.findByText(/No failed emails/)).toBeVisible();
  });

  it('when the list cannot load, then an error with Try again shows', async () => {
    fakeApi({ 'GET /api/admin/outbox': () => apiError(503, 'INTERNAL', 'Service unavailable') });
    renderFeature(<FailedEmails />, { session: signedInSession() });
    expect(await screen.findByText("We couldn't load the failed emails.")).toBeVisible();
  });
});
