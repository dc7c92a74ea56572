import request from 'supertest';
import { returnDecision } from '../../domain/returns.js';
import type { ShopSession } from '../sign-in.js';
import { paidOrder, type World } from './authz-fixtures.js';
import type { Call, Scene } from './authz-requests.js';

/** Issue 53's routes for the authorisation matrix: refunds, returns, credit notes by number. */

async function deliveredOrder(world: World, a: ShopSession) {
  const { orderId } = await paidOrder(world, a);
  await world.store.orders.markShipped(orderId, {});
  await world.store.orders.markDelivered(orderId, new Date().toISOString());
  return (await world.store.orders.get(orderId))!;
}

/** A return of A's, moved on to `steps` by the store. */
async function returnOf(world: World, a: ShopSession, steps: ('approve' | 'receive')[] = []) {
  const order = await deliveredOrder(world, a);
  const lines = [{ toolId: order.items[0]!.toolId, quantity: 1 }];
  const made = await world.store.returns.request(
    {
      orderId: order._id,
      userEmail: order.userEmail,
      lines,
      reason: 'Spare',
      now: new Date().toISOString(),
    },
    (current, already) =>
      returnDecision({
        order: current,
        alreadyReturned: already,
        lines,
        now: new Date(),
        days: 30,
      }),
  );
  if (made?.outcome !== 'REQUESTED') throw new Error('the return was not requested');
  for (const step of steps)
    await world.store.returns.step(made.request._id, step, {
      now: new Date().toISOString(),
      ...(step === 'receive' && { received: [{ ...lines[0]!, disposition: 'scrap' as const }] }),
    });
  return { order, id: made.request._id, lines };
}

/** A's refunded order's credit note number (the admin's download issues it). */
async function creditNoteOf(world: World, a: ShopSession) {
  const { orderId } = await paidOrder(world, a);
  await request(world.app)
    .post(`/api/order/${orderId}/refunds`)
    .set('Authorization', world.admin.bearer)
    .send({ amountCents: 100, reason: 'Matrix' });
  const note = await world.store.creditNotes.get(orderId);
  if (!note) throw new Error('no credit note');
  return note.number;
}

export const returnsRequests: Record<string, (scene: Scene) => Promise<Call>> = {
  'POST /api/order/:id/refunds': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/refunds`,
    body: { amountCents: 100, reason: 'Matrix' },
  }),
  'GET /api/order/:id/refunds': async ({ world, a }) => ({
    path: `/api/order/${(await paidOrder(world, a)).orderId}/refunds`,
  }),
  'POST /api/order/:id/returns': async ({ world, a }) => {
    const order = await deliveredOrder(world, a);
    return {
      path: `/api/order/${order._id}/returns`,
      body: { lines: [{ toolId: order.items[0]!.toolId, quantity: 1 }], reason: 'Spare' },
    };
  },
  'GET /api/admin/returns': async () => ({ path: '/api/admin/returns' }),
  'POST /api/returns/:id/approve': async ({ world, a }) => ({
    path: `/api/returns/${(await returnOf(world, a)).id}/approve`,
  }),
  'POST /api/returns/:id/decline': async ({ world, a }) => ({
    path: `/api/returns/${(await returnOf(world, a)).id}/decline`,
    body: { reason: 'Used' },
  }),
  'POST /api/returns/:id/receive': async ({ world, a }) => {
    const { id, lines } = await returnOf(world, a, ['approve']);
    return {
      path: `/api/returns/${id}/receive`,
      body: { lines: lines.map((l) => ({ ...l, disposition: 'restock' })) },
    };
  },
  'POST /api/returns/:id/refund': async ({ world, a }) => ({
    path: `/api/returns/${(await returnOf(world, a, ['approve', 'receive'])).id}/refund`,
  }),
  'GET /api/credit-notes/:number/pdf': async ({ world, a }) => ({
    path: `/api/credit-notes/${await creditNoteOf(world, a)}/pdf`,
  }),
  'GET /api/credit-notes/:number/xml': async ({ world, a }) => ({
    path: `/api/credit-notes/${await creditNoteOf(world, a)}/xml`,
  }),
};
