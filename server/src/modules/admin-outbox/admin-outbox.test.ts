import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { OutboxMessageListSchema, OutboxMessageSchema } from '@toolworks/contract/mail';
import { useAdminTestApp } from '../../test/admin-test-app.js';

const shop = useAdminTestApp();

async function mail(to: string, fail: boolean) {
  const now = new Date().toISOString();
  const { message } = await shop.store.outbox.enqueue(
    { kind: 'order-paid', to, subject: `Payment received (${to})`, html: '<p>x</p>', text: 'x' },
    now,
  );
  if (fail) {
    await shop.store.outbox.claim('test', now, 60_000, 100);
    await shop.store.outbox.markFailed(message._id, 'test', '550 Mailbox unavailable', null);
  }
  return message._id;
}

describe('GET /api/admin/outbox', () => {
  it('when an admin lists failed mails, then only those come back, newest first, with the error', async () => {
    const older = await mail('a@example.com', true);
    await mail('b@example.com', false);
    const newer = await mail('c@example.com', true);
    const res = await request(shop.app)
      .get('/api/admin/outbox?status=failed')
      .set('Authorization', shop.admin.bearer)
      .expect(200);
    const list = OutboxMessageListSchema.parse(res.body);
    expect(list.map((m) => m._id)).toEqual([newer, older]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(list[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: '550 Mailbox unavailable',
      to: 'c@example.com',
    });
    expect(res.body[0]).not.toHaveProperty('html');
  });

  it('when a customer asks, then 403', async () => {
    await request(shop.app)
      .get('/api/admin/outbox')
      .set('Authorization', shop.customer.bearer)
      .expect(403);
  });
});

describe('POST /api/admin/outbox/{id}/retry', () => {
  it('when a failed mail is retried, then it is pending and due now; a second retry is a conflict', async () => {
    const id = await mail('d@example.com', true);
    const res = await request(shop.app)
      .post(`/api/admin/outbox/${id}/retry`)
      .set('Authorization', shop.admin.bearer)
      .expect(200);
    expect(OutboxMessageSchema.parse(res.body)).toMatchObject({
      _id: id,
      status: 'pending',
      attempts: 0,
    });
    expect(Date.parse(res.body.nextAttemptAt)).toBeLessThanOrEqual(Date.now());
    const again = await request(shop.app)
      .post(`/api/admin/outbox/${id}/retry`)
      .set('Authorization', shop.admin.bearer)
      .expect(409);
    expect(again.body.error.code).toBe('CONFLICT');
  });

  it('when the message does not exist, then 404', async () => {
    await request(shop.app)
      .post(`/api/admin/outbox/${'e'.repeat(24)}/retry`)
      .set('Authorization', shop.admin.bearer)
      .expect(404);
  });
});
