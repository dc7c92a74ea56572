import { expect, it } from 'vitest';
import { buildOrderInput, buildTool } from '../factories.js';
import { useFreshStore, type StoreFactory } from './fresh-store.js';

/** The response cache relies on this: every change to what the catalogue shows moves it. */
export function catalogueVersionContract(factory: StoreFactory): void {
  const store = useFreshStore(factory);

  async function moves(write: () => Promise<unknown>): Promise<boolean> {
    const before = store().catalogueVersion();
    await write();
    return store().catalogueVersion() > before;
  }

  it('when tools are added, edited or deleted, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool());
    expect(await moves(() => store().tools.create(buildTool()))).toBe(true);
    expect(await moves(() => store().tools.insertMany([buildTool(), buildTool()]))).toBe(true);
    expect(
      await moves(() =>
        store().tools.importCatalogue({
          creates: [{ ...buildTool(), sku: 'CV-IMP-1' }],
          updates: [],
        }),
      ),
    ).toBe(true);
    expect(await moves(() => store().tools.update(tool._id, buildTool({ name: 'New' })))).toBe(
      true,
    );
    expect(await moves(() => store().tools.update(tool._id, buildTool({ sku: 'NEW-SKU-1' })))).toBe(
      true,
    );
    expect(await moves(() => store().tools.delete(tool._id))).toBe(true);
  });

  it('when stock is reserved or given back, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    let orderId = '';
    expect(
      await moves(async () => {
        const placed = await store().orders.place(buildOrderInput(tool._id, { quantity: 20 }));
        if (placed.ok) orderId = placed.order._id;
      }),
    ).toBe(true);
    expect(await moves(() => store().orders.cancelUnpaid(orderId))).toBe(true);
  });

  it('when an order awaiting approval is rejected, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const email = `limited-${Date.now()}@example.com`;
    const created = await store().companies.create(
      {
        name: 'Versioned Ltd',
        vatId: 'GB123456789',
        billingAddress: '1 Quay Street, Bristol',
        deliveryAddresses: [{ label: 'Main', address: '1 Quay Street, Bristol' }],
        paymentTerms: 'none',
        creditLimitCents: 0,
      },
      { email },
    );
    if (created === 'ALREADY_MEMBER') throw new Error('unreachable');
    await store().companies.updateMember(created._id, email, { spendingLimitPerOrderCents: 0 });
    const placed = await store().orders.place(
      buildOrderInput(tool._id, { quantity: 20, userEmail: email }),
    );
    if (!placed.ok || placed.order.status !== 'awaiting_approval') throw new Error('not awaiting');
    const rejection = { by: 'boss@example.com', at: new Date().toISOString(), reason: 'No' };
    expect(await moves(() => store().orders.reject(placed.order._id, rejection))).toBe(true);
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(100);
  });

  /** A paid order of `quantity` of the tool. */
  async function paid(toolId: string, quantity = 20) {
    const placed = await store().orders.place(buildOrderInput(toolId, { quantity }));
    if (!placed.ok) throw new Error('the order should have been placed');
    await store().orders.markPaid(placed.order._id, 'pi_test');
    return placed.order;
  }

  it('when a refund puts the stock back, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const order = await paid(tool._id);
    const refund = { refundId: 're_test', now: new Date().toISOString() };
    expect(await moves(() => store().orders.markRefunded(order._id, refund))).toBe(true);
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(100);
  });

  it('when due reservations expire, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const past = new Date(Date.now() - 60_000).toISOString();
    await store().orders.place(buildOrderInput(tool._id, { quantity: 20, expiresAt: past }));
    expect(await moves(() => store().orders.expireDue(new Date().toISOString()))).toBe(true);
  });

  it('when an expired order is paid and its stock reserved again, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const past = new Date(Date.now() - 60_000).toISOString();
    const placed = await store().orders.place(
      buildOrderInput(tool._id, { quantity: 20, expiresAt: past }),
    );
    if (!placed.ok) throw new Error('the order should have been placed');
    await store().orders.expireDue(new Date().toISOString());
    expect(await moves(() => store().orders.markPaid(placed.order._id, 'pi_late'))).toBe(true);
  });

  it('when a cart is checked out, then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const input = buildOrderInput(tool._id, { quantity: 20, fromCart: true });
    await store().carts.set(input.userEmail, tool._id, 20, input.now);
    expect(await moves(() => store().orders.place(input))).toBe(true);
  });

  it('when a quote is accepted (its order placed at the agreed price), then the catalogue version grows', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const quote = await store().quotes.create({
      items: [{ toolId: tool._id, name: tool.name, quantity: 20, listUnitPriceCents: 500 }],
      userName: 'Quinn Quote',
      userEmail: 'quinn@example.com',
      userPhone: '+1 555 0100',
      userAddress: '1 Quote Street',
      message: '',
    });
    const offered = await store().quotes.offer(quote._id, {
      unitPrices: { [tool._id]: 400 },
      validUntil: '2999-12-31',
    });
    if (typeof offered === 'string') throw new Error(offered);
    expect(
      await moves(async () => {
        const placed = await store().orders.place({
          ...buildOrderInput(tool._id, { quantity: 20, unitPriceCents: 400 }),
          quote: {
            id: quote._id,
            number: quote.number,
            version: offered.version,
            today: new Date().toISOString().slice(0, 10),
          },
        });
        if (!placed.ok) throw new Error(placed.reason);
      }),
    ).toBe(true);
    expect((await store().quotes.get(quote._id))?.status).toBe('accepted');
    expect(await moves(() => store().quotes.get(quote._id))).toBe(false);
  });

  it("when an admin edits a tool's stock (guarded by the stock they saw), then the catalogue version grows", async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const edit = buildTool({ availableQuantity: 250 });
    expect(
      await moves(() => store().tools.update(tool._id, edit, { ifAvailableQuantity: 100 })),
    ).toBe(true);
    expect((await store().tools.get(tool._id))?.availableQuantity).toBe(250);
  });

  it('when the catalogue is only read, or orders change without touching stock, then it stays', async () => {
    const tool = await store().tools.create(buildTool({ availableQuantity: 100 }));
    const placed = await store().orders.place(buildOrderInput(tool._id, { quantity: 20 }));
    if (!placed.ok) throw new Error('the order should have been placed');
    const id = placed.order._id;
    expect(await moves(() => store().tools.list({ offset: 0, limit: 24 }))).toBe(false);
    expect(await moves(() => store().tools.get(tool._id))).toBe(false);
    // A search looks its text up as a SKU, and Quick order checks a paste's SKUs.
    expect(await moves(() => store().tools.getBySku(tool.sku))).toBe(false);
    expect(await moves(() => store().tools.getBySkus([tool.sku, 'NOPE-1']))).toBe(false);
    // The typo-tolerant search rebuilds its vocabulary from the names: a read like any other.
    expect(await moves(() => store().tools.names())).toBe(false);
    expect(await moves(() => store().orders.markPaid(id, 'pi_test'))).toBe(false);
    expect(await moves(() => store().orders.markShipped(id))).toBe(false);
  });

  it('when saved lists change, then it stays: a list changes nothing the catalogue shows', async () => {
    const tool = await store().tools.create(buildTool());
    const limits = { maxLists: 5, maxLines: 5, maxQuantity: 100 };
    const now = new Date().toISOString();
    const email = 'lists@example.com';
    const list = await store().savedLists.create({ ownerEmail: email, name: 'Van', now }, limits);
    if (typeof list === 'string') throw new Error(list);
    const line = { toolId: tool._id, name: tool.name, quantity: 2 };
    expect(await moves(() => store().savedLists.addLine(list._id, email, line, now, limits))).toBe(
      false,
    );
    expect(await moves(() => store().savedLists.rename(list._id, email, 'Van 2', now))).toBe(false);
    expect(await moves(() => store().savedLists.delete(list._id, email))).toBe(false);
  });

  it('when accounts, companies, memberships or trade applications are written, then the people version grows; reading them moves nothing', async () => {
    const people = async (write: () => Promise<unknown>) => {
      const before = store().peopleVersion();
      await write();
      return store().peopleVersion() > before;
    };
    const email = `people-${Date.now()}@example.com`;
    expect(await people(() => store().users.upsert(email, 'Pat'))).toBe(true);
    let companyId = '';
    expect(
      await people(async () => {
        const created = await store().companies.create(
          {
            name: 'People Ltd',
            vatId: '',
            billingAddress: '2 Quay Street, Bristol',
            deliveryAddresses: [],
            paymentTerms: 'none',
            creditLimitCents: 0,
          },
          { email },
        );
        if (created !== 'ALREADY_MEMBER') companyId = created._id;
      }),
    ).toBe(true);
    expect(await people(() => store().companies.companyIdOf(email))).toBe(false);
    expect(await people(() => store().companies.membershipOf(email))).toBe(false);
    expect(await people(() => store().users.getByEmail(email))).toBe(false);
    expect(await people(() => store().companies.removeMember(companyId, email))).toBe(true);
    expect(await people(() => store().users.remove(email))).toBe(true);
    expect(await people(() => store().tradeApplications.list())).toBe(false);
  });
}
