import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@toolworks/contract/errors';
import {
  FailedDocumentListSchema,
  RetryFailedDocumentResultSchema,
} from '@toolworks/contract/failed-documents';
import type { OrderRecord } from '../../store/store.js';
import { paymentNoticed, placeOrder, useTestGatewayShop } from '../../test/payments-fixtures.js';
import type { ShopSession } from '../../test/sign-in.js';
import { useSignedIn } from '../../test/test-app.js';

// Issue 52: an invoice is validated (EN 16931) before its number is taken; one that fails is
// not issued, is listed under Failed documents, and is issued by a retry once fixed.
const {
  shop: gatewayShop,
  intentFor,
  confirm,
} = useTestGatewayShop({
  SELLER_NAME: 'Toolworks Manufacturing Ltd',
  SELLER_ADDRESS: '1 Foundry Lane\nSpringfield, IL 62701\nUSA',
  SELLER_TAX_ID: 'US-99-1234567',
});
const shop = useSignedIn(gatewayShop, { admin: { displayName: 'Ada Admin', admin: true } });

/** The seller's registration, as a misconfigured shop would lack it (production refuses that). */
const setSellerTaxId = (taxId: string | undefined) => {
  (shop.config.invoice as { sellerTaxId: string | undefined }).sellerTaxId = taxId;
};

async function paidOrder(): Promise<OrderRecord> {
  const order = await placeOrder(shop.store, shop.customer.email);
  await confirm(await intentFor(order)).expect(200);
  await paymentNoticed(shop.store, order._id);
  return (await shop.store.orders.get(order._id)) as OrderRecord;
}

const invoicePdf = (id: string, session: ShopSession = shop.customer) =>
  request(shop.app).get(`/api/order/${id}/invoice.pdf`).set('Authorization', session.bearer);
const failedList = (session: ShopSession = shop.admin) =>
  request(shop.app).get('/api/admin/failed-documents').set('Authorization', session.bearer);
const retry = (orderId: string, session: ShopSession = shop.admin) =>
  request(shop.app)
    .post(`/api/admin/failed-documents/${orderId}/retry`)
    .set('Authorization', session.bearer);

const sequenceOf = (number: string) => Number(number.slice(-6));

describe('issuing an invoice: validated before its number is taken', () => {
  it('when the invoice is valid, then it is issued with the next number and nothing is listed as failed', async () => {
    const order = await paidOrder();
    const invoice = await shop.store.invoices.get(order._id);
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    await invoicePdf(order._id).expect(200);
    const listed = FailedDocumentListSchema.parse((await failedList().expect(200)).body);
    expect(listed.filter((d) => d.orderId === order._id)).toEqual([]);
  });

  it('when the e-invoice fails its rules, then no number is taken, the order stays paid, the admin sees it, and a retry after the fix issues the next number', async () => {
    const before = await paidOrder();
    const lastNumber = (await shop.store.invoices.get(before._id))!.number;

    setSellerTaxId(undefined);
    try {
      // The payment's answer does not wait for the invoice: the order is paid all the same.
      const order = await paidOrder();
      expect(order.status).toBe('paid');
      expect(await shop.store.invoices.get(order._id)).toBeNull();

      const refused = await invoicePdf(order._id).expect(422);
      const body = ErrorBodySchema.parse(refused.body);
      expect(body.error.code).toBe('DOCUMENT_NOT_ISSUED');
      expect(body.error.message).toMatch(/could not be issued.*shop has been told/);
      expect(await shop.store.invoices.get(order._id)).toBeNull();
      expect((await shop.store.orders.get(order._id))?.status).toBe('paid');

      const listed = FailedDocumentListSchema.parse((await failedList().expect(200)).body);
      const failed = listed.find((d) => d.orderId === order._id);
      expect(failed).toMatchObject({
        kind: 'invoice',
        orderNumber: expect.stringMatching(/^TW-\d+$/),
        // At payment, and at the download.
        attempts: 2,
      });
      expect(failed!.errors.map((e) => e.rule)).toContain('BR-CO-26');
      expect(failed!.lastAttemptAt >= failed!.firstAttemptAt).toBe(true);

      // Still broken: the retry answers the errors and still takes no number.
      const again = ErrorBodySchema.parse((await retry(order._id).expect(422)).body);
      expect(again.error.details).toMatchObject({
        kind: 'invoice',
        errors: expect.arrayContaining([expect.objectContaining({ rule: 'BR-CO-26' })]),
      });
      expect(await shop.store.invoices.get(order._id)).toBeNull();

      setSellerTaxId('US-99-1234567');
      const result = RetryFailedDocumentResultSchema.parse(
        (await retry(order._id).expect(200)).body,
      );
      expect(result.issued).toEqual([{ kind: 'invoice', number: expect.any(String) }]);
      const issued = result.issued[0]!.number;
      expect(sequenceOf(issued)).toBe(sequenceOf(lastNumber) + 1);
      expect((await shop.store.invoices.get(order._id))?.number).toBe(issued);
      const after = FailedDocumentListSchema.parse((await failedList().expect(200)).body);
      expect(after.find((d) => d.orderId === order._id)).toBeUndefined();
      // The payment's email, held back with its invoice, goes now.
      const mail = await shop.store.outbox.list({ status: 'pending', offset: 0, limit: 100 });
      expect(mail.items.some((m) => m.orderId === order._id && m.kind === 'payment-received')).toBe(
        true,
      );
      await retry(order._id).expect(404);
    } finally {
      setSellerTaxId('US-99-1234567');
    }
  });

  it('when a customer asks for the failed documents or a retry, then 403', async () => {
    await failedList(shop.customer).expect(403);
    await retry('0123456789abcdef01234567', shop.customer).expect(403);
  });
});
