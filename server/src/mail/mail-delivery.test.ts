import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.js';
import { createTestStore } from '../test/test-store.js';
import { pdfText, recipients, startSmtpCatcher, type SmtpCatcher } from '../test/smtp-catcher.js';
import { mailConfig, mailKit, orderIn, SHOP_URL } from '../test/mail-test-kit.js';
import { buildOrderInput, buildTool } from '../test/factories.js';
import { renderBuyerMail } from '../modules/orders/mail/messages.js';

let catcher: SmtpCatcher;
let store: Store;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  catcher = await startSmtpCatcher();
  ({ store, cleanup } = await createTestStore());
});
afterAll(async () => {
  await cleanup();
  await catcher.close();
});
afterEach(() => {
  catcher.received.length = 0;
});

describe('order emails over SMTP', () => {
  it('when an order is placed, then the buyer gets its number, lines, total, pay link and order link', async () => {
    const { notifier, sender, view } = mailKit(store, mailConfig(catcher.url));
    const order = await orderIn(store);
    const shown = { ...view(order), number: 'TW-100042', expiresAt: '2026-06-01T12:00:00.000Z' };
    expect(await notifier.notify('placed', shown)).toEqual({ queued: 1 });
    expect(await sender.runOnce()).toEqual({ sent: 1, retry: 0, failed: 0 });
    await sender.stop();

    const [mail] = catcher.received;
    expect(recipients(mail!)).toEqual([order.userEmail]);
    expect(mail!.from?.text).toContain('orders@toolworks.test');
    expect(mail!.subject).toBe('Order TW-100042 placed: please pay to confirm');
    for (const body of [mail!.text ?? '', String(mail!.html)]) {
      expect(body).toContain('TW-100042');
      expect(body).toContain('12');
      expect(body).toContain('$306.00');
      expect(body).toContain(`${SHOP_URL}/dashboard/orders/${order._id}`);
      expect(body).toContain(`${SHOP_URL}/dashboard/payment/${order._id}`);
      expect(body).toContain('Jun 1, 2026');
    }
    expect(String(mail!.html)).toContain('Torque Wrench 3/8&quot;');
  });

  it('when an order is placed with its email (kept as the order’s snapshot), then the buyer gets it rendered as when it was placed', async () => {
    const { sender, view } = mailKit(store, mailConfig(catcher.url));
    const tool = await store.tools.create(
      buildTool({ name: 'Snapshot Saw', sku: 'SNAP-1', minimumOrderQuantity: 1 }),
    );
    const placed = await store.orders.place({
      ...buildOrderInput(tool._id, { quantity: 3 }),
      emailBuyer: true,
    });
    if (!placed.ok) throw new Error(placed.reason);
    const [queued] = (await store.outbox.list({ offset: 0, limit: 10 })).items.filter(
      (message) => message.orderId === placed.order._id,
    );
    expect(queued).toMatchObject({ kind: 'order-placed', html: '', text: '' });
    expect(JSON.stringify(queued?.bodySource).length).toBeLessThan(1500);
    expect(await sender.runOnce()).toEqual({ sent: 1, retry: 0, failed: 0 });
    await sender.stop();

    const expected = renderBuyerMail('placed', view(placed.order), {}, SHOP_URL);
    const [mail] = catcher.received;
    expect(mail!.subject).toBe(expected.subject);
    expect(mail!.text?.trim()).toBe(expected.text.trim());
    expect(String(mail!.html)).toContain('>SNAP-1</td>');
    expect(String(mail!.html)).toContain(`${SHOP_URL}/dashboard/payment/${placed.order._id}`);
  });

  it('when a queued body source cannot be read, then nothing is sent and the message waits for a retry', async () => {
    const { sender } = mailKit(store, mailConfig(catcher.url));
    const { message } = await store.outbox.enqueue(
      {
        kind: 'order-placed',
        to: 'ana@example.com',
        subject: 'Order TW-1 placed',
        html: '',
        text: '',
        bodySource: { template: 'retired-template', data: {} },
      },
      new Date().toISOString(),
    );
    expect(await sender.runOnce()).toEqual({ sent: 0, retry: 1, failed: 0 });
    await sender.stop();
    expect(catcher.received).toHaveLength(0);
    expect(await store.outbox.get(message._id)).toMatchObject({
      status: 'pending',
      lastError: 'unknown email template retired-template',
    });
  });

  it('when an order is paid, then the buyer gets the invoice PDF and the shop a new-order note', async () => {
    const { notifier, sender, view } = mailKit(store, mailConfig(catcher.url));
    const order = await orderIn(store, { paid: true });
    expect(await notifier.notify('paid', view(order), { paidAt: order.paidAt })).toEqual({
      queued: 2,
    });
    // Reported twice (the browser and the webhook): still one of each.
    expect(await notifier.notify('paid', view(order))).toEqual({ queued: 0 });
    expect(await sender.runOnce()).toMatchObject({ sent: 2 });
    await sender.stop();

    const invoice = await store.invoices.get(order._id);
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const buyer = catcher.received.find((m) => recipients(m).includes(order.userEmail));
    const shop = catcher.received.find((m) => recipients(m).includes('sales@toolworks.test'));
    expect(buyer?.subject).toContain('Payment received for order');
    expect(buyer?.text).toContain(invoice!.number);
    expect(buyer?.attachments).toHaveLength(1);
    const [pdf] = buyer!.attachments;
    expect(pdf).toMatchObject({
      contentType: 'application/pdf',
      filename: `${invoice!.number}.pdf`,
    });
    const text = await pdfText(pdf!.content);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Toolworks Manufacturing Ltd');
    expect(text).toContain('Tax ID: US-99-1234567');
    expect(text).toContain('Torque Wrench 3/8"');
    expect(text).toContain('Tax (20%)');
    expect(text).toContain('$51.00');
    expect(text).toContain('$306.00');
    expect(text).toContain('pi_test_123456');
    expect(shop?.subject).toMatch(/^New paid order .+: \$306\.00$/);
    expect(shop?.attachments ?? []).toHaveLength(0);
  });

  it('when shipped with a known carrier, then the mail has the tracking number and link', async () => {
    const { notifier, sender, view } = mailKit(store, mailConfig(catcher.url));
    const order = await orderIn(store, { paid: true, userName: '<b>Bobby</b> & "Tables"' });
    await notifier.notify('shipped', view(order), {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    await notifier.notify('cancelled', { ...view(order), _id: 'a'.repeat(24) });
    await sender.runOnce();
    await sender.stop();
    const shipped = catcher.received.find((m) => m.subject?.includes('has shipped'));
    expect(shipped?.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(String(shipped?.html)).toContain(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(String(shipped?.html)).toContain(
      'Hello &lt;b&gt;Bobby&lt;/b&gt; &amp; &quot;Tables&quot;',
    );
    expect(String(shipped?.html)).not.toContain('<b>Bobby');
    const cancelled = catcher.received.find((m) => m.subject?.includes('cancelled'));
    expect(cancelled?.text).toContain('nothing was charged');
  });

  it('when a refund is issued, then the buyer is told the amount and the reason', async () => {
    const { notifier, sender, view } = mailKit(store, mailConfig(catcher.url));
    const order = await orderIn(store, { paid: true });
    await notifier.notify('refunded', view(order), {
      refundAmount: 306,
      reason: 'Damaged in transit',
    });
    await sender.runOnce();
    await sender.stop();
    const [mail] = catcher.received;
    expect(mail?.subject).toMatch(/^Refund issued for order/);
    expect(mail?.text).toContain('We have refunded $306.00');
    expect(mail?.text).toContain('Reason: Damaged in transit');
  });

  it('when the buyer edits the profile between payment and sending, then the attached invoice is the one issued at payment', async () => {
    const { notifier, sender, view } = mailKit(store, mailConfig(catcher.url));
    const order = await orderIn(store, { paid: true });
    const details = {
      name: 'Bea Buyer',
      email_address: order.userEmail,
      LinkedIn_profile_link: '',
      country: 'Canada',
      street_address: '5 Quay Road',
      city: 'Halifax',
      state: 'NS',
      postal_code: 'B3J 2K9',
      phone: '',
      company_name: 'Quay Supplies Inc.',
      vat_id: 'CA-777',
      delivery_address: '',
    };
    await store.profiles.upsert(details);
    await notifier.notify('paid', view(order), { paidAt: order.paidAt });
    await store.profiles.upsert({ ...details, company_name: 'Changed Later Ltd', vat_id: 'X-1' });
    await sender.runOnce();
    await sender.stop();
    const buyer = catcher.received.find((m) => recipients(m).includes(order.userEmail));
    const text = await pdfText(buyer!.attachments[0]!.content);
    expect(text).toContain('Quay Supplies Inc.');
    expect(text).toContain('VAT ID: CA-777');
    expect(text).toContain('Halifax, NS B3J 2K9');
    expect(text).not.toContain('Changed Later Ltd');
  });

  it('when a paid order is refunded, then the refund email carries its credit note PDF', async () => {
    const { notifier, sender, view } = mailKit(store, mailConfig(catcher.url));
    const order = await orderIn(store, { paid: true });
    await notifier.notify('paid', view(order), { paidAt: order.paidAt });
    const refunded = await store.orders.markRefunded(order._id, {
      refundId: 're_test_42',
      reason: 'Damaged in transit',
      now: new Date().toISOString(),
    });
    await notifier.notify('refunded', view(refunded!.order), { reason: 'Damaged in transit' });
    await sender.runOnce();
    await sender.stop();
    const mail = catcher.received.find((m) => m.subject?.startsWith('Refund issued'));
    const note = await store.creditNotes.get(order._id);
    const invoice = await store.invoices.get(order._id);
    expect(note?.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(mail?.text).toContain(`Your credit note ${note!.number} is attached.`);
    expect(mail?.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: `${note!.number}.pdf`,
    });
    const text = await pdfText(mail!.attachments[0]!.content);
    expect(text).toContain(note!.number);
    expect(text).toContain(`Credits invoice: ${invoice!.number}`);
    expect(text).toContain('Refund ID: re_test_42');
    expect(text).toContain('Reason: Damaged in transit');
    expect(text).toContain('$306.00');
  });
});
