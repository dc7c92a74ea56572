import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { TradeApplicationSchema } from '@toolworks/contract/companies';
import { createEmulatorUser, signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig()), {
  admin: { displayName: 'Ada Admin', admin: true },
});

const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);

const application = {
  companyName: 'Harbour Workshop Ltd',
  vatId: 'GB 123 4567 89',
  billingAddress: '1 Quay Street\nBristol BS1 4DJ',
  deliveryAddress: 'Unit 7\nDock Road\nBristol BS2 0XX',
  phone: '+44 117 496 0000',
  note: '',
};

async function lastMail(to: string, kind: string) {
  const { items } = await shop.store.outbox.list({ offset: 0, limit: 200 });
  const found = items.find((m) => m.to === to.toLowerCase() && m.kind === kind);
  if (!found) throw new Error(`no ${kind} email to ${to}`);
  return found;
}

const tokenIn = (text: string) => /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

async function approvedCompany(owner: ShopSession, companyName = application.companyName) {
  const applied = await as(owner, request(shop.app).post('/api/trade-applications'))
    .send({ ...application, companyName })
    .expect(201);
  const approved = await as(
    shop.admin,
    request(shop.app).post(`/api/trade-applications/${applied.body._id}/approve`),
  )
    .send({ paymentTerms: 'net-30', creditLimit: 5000 })
    .expect(200);
  return approved.body.company._id as string;
}

describe('a verified email for trade accounts', () => {
  it('when an unverified customer applies, then 403 FORBIDDEN saying to verify, and nothing is stored', async () => {
    const unverified = await signInToShop(shop.app, shop.store, { verified: false });
    const res = await as(unverified, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(403);
    expect(res.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message:
        'Verify your email address to apply for a trade account: open the link we sent you, then try again',
      details: { reason: 'email-not-verified' },
    });
    expect(await shop.store.tradeApplications.latestByEmail(unverified.email)).toBeNull();
  });

  it('when an unverified person accepts an invitation, then 403 and they do not join', async () => {
    const owner = await signInToShop(shop.app, shop.store, { displayName: 'Olga Owner' });
    await approvedCompany(owner);
    const invited = await signInToShop(shop.app, shop.store, { verified: false });
    await as(owner, request(shop.app).post('/api/company/invitations'))
      .send({ email: invited.email, role: 'buyer' })
      .expect(201);
    const token = tokenIn((await lastMail(invited.email, 'company-invitation')).text);
    const res = await as(
      invited,
      request(shop.app).post(`/api/invitations/${token}/accept`),
    ).expect(403);
    expect(res.body.error.message).toMatch(/^Verify your email address to join a company/);
    expect(await shop.store.companies.membershipOf(invited.email)).toBeNull();
  });

  it("when the admin lists applications, then each says whether the applicant's email is verified", async () => {
    const verified = await signInToShop(shop.app, shop.store);
    const applied = await as(verified, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(201);
    // Applied before verification was required: still listed, marked unverified.
    const unverified = await createEmulatorUser({ verified: false });
    const old = await shop.store.tradeApplications.create({
      ...application,
      email: unverified.email,
    });
    if (old === 'PENDING_EXISTS') throw new Error('unreachable');

    const list = await as(
      shop.admin,
      request(shop.app).get('/api/trade-applications?status=pending'),
    ).expect(200);
    const byId = new Map(
      TradeApplicationSchema.array()
        .parse(list.body)
        .map((a) => [a._id, a]),
    );
    expect(byId.get(applied.body._id)?.emailVerified).toBe(true);
    expect(byId.get(old._id)?.emailVerified).toBe(false);

    // As "Make Admin": approved once the address is verified, not before.
    const refused = await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${old._id}/approve`),
    )
      .send({ paymentTerms: 'net-30', creditLimit: 5000 })
      .expect(409);
    expect(refused.body.error.message).toBe(
      `${unverified.email} has not verified their email address yet; the application can be approved once they have`,
    );
    expect(await shop.store.companies.membershipOf(unverified.email)).toBeNull();
    expect((await shop.store.tradeApplications.get(old._id))?.status).toBe('pending');
  });
});

describe('no free text in email subjects', () => {
  it('when someone invites, then the subject names neither the inviter nor the company, and the body still does', async () => {
    const owner = await signInToShop(shop.app, shop.store, { displayName: 'Olga Owner' });
    const companyName = 'Pay now: =HYPERLINK("x") Ltd';
    await approvedCompany(owner, companyName);
    const approved = await lastMail(owner.email, 'application-approved');
    expect(approved.subject).toBe('Your trade account is open');
    expect(approved.text).toContain(companyName);

    const invited = await signInToShop(shop.app, shop.store);
    await as(owner, request(shop.app).post('/api/company/invitations'))
      .send({ email: invited.email, role: 'buyer' })
      .expect(201);
    const mail = await lastMail(invited.email, 'company-invitation');
    expect(mail.subject).not.toContain('Olga');
    expect(mail.subject).not.toContain('HYPERLINK');
    expect(mail.subject).toBe('You are invited to a trade account on Toolworks');
    expect(mail.text).toContain(companyName);
  });

  it('when the admin declines, then the subject carries no company name', async () => {
    const applicant = await signInToShop(shop.app, shop.store);
    const applied = await as(applicant, request(shop.app).post('/api/trade-applications'))
      .send({ ...application, companyName: 'Click <here> Ltd' })
      .expect(201);
    await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${applied.body._id}/decline`),
    )
      .send({ reason: 'No.' })
      .expect(200);
    const mail = await lastMail(applicant.email, 'application-declined');
    expect(mail.subject).toBe('Your trade account application');
  });
});

describe('display names', () => {
  it.each([
    ['markup', 'Eve <a href="x">Support</a>'],
    ['a line break', 'Eve\nBcc: all@example.com'],
    ['a control character', 'Eve\u0007'],
    ['a bidi override', 'Eve\u202Egnp.exe'],
    ['too many characters', 'E'.repeat(101)],
  ])('when PUT /api/user offers a name with %s, then 400 in words', async (_what, name) => {
    const user = await createEmulatorUser({ verified: true });
    const res = await request(shop.app)
      .put(`/api/user/${encodeURIComponent(user.email)}`)
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ name })
      .expect(400);
    expect(res.body.error.message).toMatch(/^Name /);
  });

  it("when the sign-in provider's display name carries markup, then the shop does not take it as the name", async () => {
    const eve = await signInToShop(shop.app, shop.store, { displayName: 'Eve <b>Shop Admin</b>' });
    expect((await shop.store.users.getByEmail(eve.email))?.name).toBeUndefined();
  });
});

describe('GET /api/invitations/{token}/preview', () => {
  it('when opened signed out, then it says which company invites which address, and nothing else', async () => {
    const owner = await signInToShop(shop.app, shop.store, { displayName: 'Olga Owner' });
    await approvedCompany(owner, 'Preview Works Ltd');
    const email = 'someone.new@example.com';
    await as(owner, request(shop.app).post('/api/company/invitations'))
      .send({ email, role: 'approver' })
      .expect(201);
    const token = tokenIn((await lastMail(email, 'company-invitation')).text);

    const res = await request(shop.app).get(`/api/invitations/${token}/preview`).expect(200);
    expect(res.body).toEqual({ companyName: 'Preview Works Ltd', email });
  });

  it('when the token is unknown, malformed or no longer open, then 404 / 400 / 409 with no company', async () => {
    await request(shop.app)
      .get(`/api/invitations/${'a'.repeat(43)}/preview`)
      .expect(404);
    const bad = await request(shop.app).get('/api/invitations/short/preview').expect(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');

    const owner = await signInToShop(shop.app, shop.store);
    await approvedCompany(owner, 'Closed Works Ltd');
    const email = 'revoked.person@example.com';
    const invited = await as(owner, request(shop.app).post('/api/company/invitations'))
      .send({ email, role: 'buyer' })
      .expect(201);
    const token = tokenIn((await lastMail(email, 'company-invitation')).text);
    const id = (invited.body.invitations as { _id: string; email: string }[]).find(
      (i) => i.email === email,
    )?._id;
    await as(owner, request(shop.app).delete(`/api/company/invitations/${id}`)).expect(200);
    const closed = await request(shop.app).get(`/api/invitations/${token}/preview`).expect(409);
    expect(JSON.stringify(closed.body)).not.toContain('Closed Works');
  });
});

describe('approving with terms', () => {
  it('when the applicant asks for terms, then they are kept on the application and the approval starts from them', async () => {
    const owner = await signInToShop(shop.app, shop.store);
    const applied = await as(owner, request(shop.app).post('/api/trade-applications'))
      .send({ ...application, requestedPaymentTerms: 'net-30', requestedCreditLimit: 7500 })
      .expect(201);
    expect(applied.body).toMatchObject({
      requestedPaymentTerms: 'net-30',
      requestedCreditLimit: 7500,
    });

    const list = await as(
      shop.admin,
      request(shop.app).get('/api/trade-applications?status=pending'),
    ).expect(200);
    expect(list.body.find((a: { _id: string }) => a._id === applied.body._id)).toMatchObject({
      requestedPaymentTerms: 'net-30',
      requestedCreditLimit: 7500,
    });

    // No terms in the body: the company gets what was asked for.
    const approved = await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${applied.body._id}/approve`),
    )
      .send({})
      .expect(200);
    expect(approved.body.company).toMatchObject({ paymentTerms: 'net-30', creditLimit: 7500 });
    expect(approved.body.application).toMatchObject({
      requestedPaymentTerms: 'net-30',
      requestedCreditLimit: 7500,
    });
    // Line breaks of the addresses are kept from the application to the company.
    expect(approved.body.company.billingAddress).toBe(application.billingAddress);
    expect(approved.body.company.deliveryAddresses[0].address).toBe(application.deliveryAddress);
  });

  it('when the admin grants other terms, then the company has those and the request stays as asked', async () => {
    const owner = await signInToShop(shop.app, shop.store);
    const applied = await as(owner, request(shop.app).post('/api/trade-applications'))
      .send({ ...application, requestedPaymentTerms: 'net-60', requestedCreditLimit: 20000 })
      .expect(201);
    const approved = await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${applied.body._id}/approve`),
    )
      .send({ paymentTerms: 'net-15', creditLimit: 2500 })
      .expect(200);
    expect(approved.body.company).toMatchObject({ paymentTerms: 'net-15', creditLimit: 2500 });
    expect(approved.body.application).toMatchObject({
      requestedPaymentTerms: 'net-60',
      requestedCreditLimit: 20000,
    });
  });

  it('when an application asks for no terms, then it says so (none, 0)', async () => {
    const owner = await signInToShop(shop.app, shop.store);
    const applied = await as(owner, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(201);
    expect(applied.body).toMatchObject({ requestedPaymentTerms: 'none', requestedCreditLimit: 0 });
  });
});
