import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { CompanyDetailSchema, MyCompanySchema } from '@toolworks/contract/companies';
import { signInToShop, type ShopSession } from '../../test/sign-in.js';
import { testConfig, useSignedIn, useTestApp } from '../../test/test-app.js';

const shop = useSignedIn(useTestApp(testConfig()), {
  admin: { displayName: 'Ada Admin', admin: true },
});

const as = (session: ShopSession, req: request.Test) => req.set('Authorization', session.bearer);
const customer = (displayName = 'Casey Customer') =>
  signInToShop(shop.app, shop.store, { displayName });

const application = {
  companyName: 'Harbour Workshop Ltd',
  vatId: 'GB 123 4567 89',
  billingAddress: '1 Quay Street, Bristol BS1 4DJ',
  deliveryAddress: 'Unit 7, Dock Road, Bristol BS2 0XX',
  phone: '+44 117 496 0000',
  note: 'We buy drills for our three sites.',
};

const companyBody = {
  name: 'Northern Fabrication',
  vatId: 'DE811907980',
  billingAddress: '12 Steel Lane, Leeds LS1 1AA',
  deliveryAddresses: [
    { label: 'Main works', address: '12 Steel Lane, Leeds LS1 1AA' },
    { label: 'Site B', address: '4 Canal Wharf, Leeds LS11 5PS' },
  ],
  paymentTerms: 'net-30',
  creditLimit: 25000.5,
};

/** The newest outbox message to `to` of `kind`. */
async function lastMail(to: string, kind: string) {
  const { items } = await shop.store.outbox.list({ offset: 0, limit: 200 });
  const found = items.find((m) => m.to === to.toLowerCase() && m.kind === kind);
  if (!found) throw new Error(`no ${kind} email to ${to}`);
  return found;
}

const tokenIn = (text: string) => /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? '';

/** A company whose company-admin is a fresh customer (made by approving their application). */
async function companyWithAdmin() {
  const owner = await customer('Olga Owner');
  const applied = await as(owner, request(shop.app).post('/api/trade-applications'))
    .send(application)
    .expect(201);
  const approved = await as(
    shop.admin,
    request(shop.app).post(`/api/trade-applications/${applied.body._id}/approve`),
  )
    .send({ paymentTerms: 'net-30', creditLimit: 5000 })
    .expect(200);
  return { owner, companyId: approved.body.company._id as string };
}

async function invite(by: ShopSession, email: string, role = 'buyer') {
  await as(by, request(shop.app).post('/api/company/invitations'))
    .send({ email, role })
    .expect(201);
  return tokenIn((await lastMail(email, 'company-invitation')).text);
}

describe('shop admin companies', () => {
  it('when an admin creates and edits a company, then it is listed and shown with its fields', async () => {
    const created = await as(shop.admin, request(shop.app).post('/api/companies'))
      .send(companyBody)
      .expect(201);
    const company = CompanyDetailSchema.parse(created.body);
    expect(company).toMatchObject({ ...companyBody, memberCount: 0, members: [] });

    const edited = await as(shop.admin, request(shop.app).put(`/api/companies/${company._id}`))
      .send({
        ...companyBody,
        paymentTerms: 'net-60',
        creditLimit: 1000,
        deliveryAddresses: [companyBody.deliveryAddresses[1]],
      })
      .expect(200);
    expect(edited.body).toMatchObject({ paymentTerms: 'net-60', creditLimit: 1000 });
    expect(edited.body.deliveryAddresses).toHaveLength(1);

    const list = await as(shop.admin, request(shop.app).get('/api/companies')).expect(200);
    expect(list.body.find((c: { _id: string }) => c._id === company._id)).toMatchObject({
      name: 'Northern Fabrication',
      paymentTerms: 'net-60',
    });
    const shown = await as(
      shop.admin,
      request(shop.app).get(`/api/companies/${company._id}`),
    ).expect(200);
    expect(shown.body.creditLimit).toBe(1000);
  });

  it('when the body is wrong, then 400 with a message in words and nothing is stored', async () => {
    const before = (await shop.store.companies.list()).length;
    const res = await as(shop.admin, request(shop.app).post('/api/companies'))
      .send({ ...companyBody, deliveryAddresses: [], paymentTerms: 'net-90' })
      .expect(400);
    expect(res.body.error.message).toMatch(/delivery address|Payment terms/);
    expect(res.body.error.message).not.toMatch(/deliveryAddresses|paymentTerms/);
    expect((await shop.store.companies.list()).length).toBe(before);
  });

  it('when an admin sets the e-invoice format and buyer reference, then they are shown and a PUT without them keeps them', async () => {
    const created = await as(shop.admin, request(shop.app).post('/api/companies'))
      .send(companyBody)
      .expect(201);
    expect(created.body.eInvoiceFormat).toBe('facturx');
    expect(created.body).not.toHaveProperty('buyerReference');
    const id = created.body._id as string;
    const put = (body: object) =>
      as(shop.admin, request(shop.app).put(`/api/companies/${id}`)).send({
        ...companyBody,
        ...body,
      });
    const set = await put({ eInvoiceFormat: 'xrechnung-ubl', buyerReference: '  991-01234-56 ' });
    expect(set.status).toBe(200);
    expect(CompanyDetailSchema.parse(set.body)).toMatchObject({
      eInvoiceFormat: 'xrechnung-ubl',
      buyerReference: '991-01234-56',
    });
    expect((await put({})).body).toMatchObject({
      eInvoiceFormat: 'xrechnung-ubl',
      buyerReference: '991-01234-56',
    });
    const cleared = await put({ eInvoiceFormat: 'pdf', buyerReference: '' }).expect(200);
    expect(cleared.body.eInvoiceFormat).toBe('pdf');
    expect(cleared.body).not.toHaveProperty('buyerReference');
  });

  it('when the e-invoice settings are wrong, then 400 naming the field and nothing changes', async () => {
    const created = await as(shop.admin, request(shop.app).post('/api/companies'))
      .send({ ...companyBody, eInvoiceFormat: 'xrechnung-cii', buyerReference: 'LW-1' })
      .expect(201);
    const put = (body: object) =>
      as(shop.admin, request(shop.app).put(`/api/companies/${created.body._id}`)).send({
        ...companyBody,
        ...body,
      });
    const cases: [object, RegExp][] = [
      [{ eInvoiceFormat: 'zugferd' }, /E-invoice format must be pdf, facturx/],
      [{ buyerReference: 'x'.repeat(101) }, /Buyer reference must be 100 characters or shorter/],
      [{ buyerReference: 'LW\u0007bell' }, /Buyer reference must not contain control characters/],
      [{ buyerReference: 42 }, /Buyer reference must be text/],
    ];
    for (const [body, message] of cases) {
      const res = await put(body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.message).toMatch(message);
    }
    expect(await shop.store.companies.get(created.body._id)).toMatchObject({
      eInvoiceFormat: 'xrechnung-cii',
      buyerReference: 'LW-1',
    });
  });

  it('when a customer calls the admin routes, then 403', async () => {
    const someone = await customer();
    await as(someone, request(shop.app).get('/api/companies')).expect(403);
    await as(someone, request(shop.app).post('/api/companies')).send(companyBody).expect(403);
  });
});

describe('trade account applications', () => {
  it('when a customer applies and the admin approves, then the company exists with them as company-admin and they are emailed', async () => {
    const owner = await customer('Olga Owner');
    const applied = await as(owner, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(201);
    expect(applied.body).toMatchObject({ status: 'pending', companyName: application.companyName });
    const mine = await as(owner, request(shop.app).get('/api/company')).expect(200);
    expect(MyCompanySchema.parse(mine.body)).toMatchObject({
      company: null,
      application: { status: 'pending' },
    });

    const pending = await as(
      shop.admin,
      request(shop.app).get('/api/trade-applications?status=pending'),
    ).expect(200);
    expect(pending.body.map((a: { _id: string }) => a._id)).toContain(applied.body._id);

    const approved = await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${applied.body._id}/approve`),
    )
      .send({ paymentTerms: 'net-15', creditLimit: 2500 })
      .expect(200);
    expect(approved.body.application.status).toBe('approved');
    expect(approved.body.company).toMatchObject({
      name: application.companyName,
      vatId: application.vatId,
      paymentTerms: 'net-15',
      creditLimit: 2500,
      deliveryAddresses: [{ address: application.deliveryAddress }],
      memberCount: 1,
    });

    const after = await as(owner, request(shop.app).get('/api/company')).expect(200);
    expect(after.body.role).toBe('company-admin');
    expect(after.body.company.members).toEqual([
      expect.objectContaining({ email: owner.email.toLowerCase(), role: 'company-admin' }),
    ]);
    const mail = await lastMail(owner.email, 'application-approved');
    expect(mail.text).toContain(application.companyName);

    await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${applied.body._id}/decline`),
    )
      .send({ reason: 'Late' })
      .expect(409);
  });

  it('when the admin declines with a reason, then the applicant is emailed the reason and may apply again', async () => {
    const applicant = await customer();
    const applied = await as(applicant, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(201);
    await as(
      shop.admin,
      request(shop.app).post(`/api/trade-applications/${applied.body._id}/decline`),
    )
      .send({ reason: 'We could not verify the VAT id.' })
      .expect(200);
    const mail = await lastMail(applicant.email, 'application-declined');
    expect(mail.text).toContain('We could not verify the VAT id.');
    const mine = await as(applicant, request(shop.app).get('/api/company')).expect(200);
    expect(mine.body.application).toMatchObject({
      status: 'declined',
      declineReason: 'We could not verify the VAT id.',
    });
    await as(applicant, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(201);
  });

  it('when a person with a pending application or in a company applies, then 409', async () => {
    const applicant = await customer();
    await as(applicant, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(201);
    const again = await as(applicant, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(409);
    expect(again.body.error.message).toMatch(/waiting/);

    const { owner } = await companyWithAdmin();
    const member = await as(owner, request(shop.app).post('/api/trade-applications'))
      .send(application)
      .expect(409);
    expect(member.body.error.message).toMatch(/already belong to a company/);
  });

  it('when an application is missing its VAT id, then 400 in words', async () => {
    const applicant = await customer();
    const res = await as(applicant, request(shop.app).post('/api/trade-applications'))
      .send({ ...application, vatId: '' })
      .expect(400);
    expect(res.body.error.message).toBe('VAT / tax id is required');
  });
});

describe('members and invitations', () => {
  it('when a company-admin invites a colleague who accepts, then the colleague is a member with that role', async () => {
    const { owner, companyId } = await companyWithAdmin();
    const colleague = await customer('Cole Colleague');
    const token = await invite(owner, colleague.email, 'approver');
    expect(token).toHaveLength(43);

    const view = await as(colleague, request(shop.app).get(`/api/invitations/${token}`)).expect(
      200,
    );
    expect(view.body).toMatchObject({
      companyName: application.companyName,
      role: 'approver',
      status: 'pending',
    });

    const accepted = await as(
      colleague,
      request(shop.app).post(`/api/invitations/${token}/accept`),
    ).expect(200);
    expect(accepted.body).toMatchObject({ role: 'approver', company: { _id: companyId } });
    // Buyers and approvers see their company, not its member management.
    expect(accepted.body.company.members).toEqual([]);

    const detail = await as(
      shop.admin,
      request(shop.app).get(`/api/companies/${companyId}`),
    ).expect(200);
    expect(detail.body.members.map((m: { email: string }) => m.email)).toContain(
      colleague.email.toLowerCase(),
    );
    await as(colleague, request(shop.app).post(`/api/invitations/${token}/accept`)).expect(409);
  });

  it('when someone already in a company accepts another invitation, then 409 and they stay where they are', async () => {
    const first = await companyWithAdmin();
    const second = await companyWithAdmin();
    const token = await invite(second.owner, first.owner.email);
    const res = await as(
      first.owner,
      request(shop.app).post(`/api/invitations/${token}/accept`),
    ).expect(409);
    expect(res.body.error.message).toMatch(/one company only/);
    const membership = await shop.store.companies.membershipOf(first.owner.email);
    expect(membership?.company._id).toBe(first.companyId);
  });

  it('when the invitation is for another address, then 403; a revoked one is 409', async () => {
    const { owner } = await companyWithAdmin();
    const invited = await customer();
    const stranger = await customer();
    const token = await invite(owner, invited.email);
    await as(stranger, request(shop.app).post(`/api/invitations/${token}/accept`)).expect(403);

    const mine = await as(owner, request(shop.app).get('/api/company')).expect(200);
    const invitation = mine.body.company.invitations.find(
      (i: { email: string }) => i.email === invited.email.toLowerCase(),
    );
    await as(owner, request(shop.app).delete(`/api/company/invitations/${invitation._id}`)).expect(
      200,
    );
    await as(invited, request(shop.app).post(`/api/invitations/${token}/accept`)).expect(409);
  });

  it('when a company-admin changes roles and limits and removes members, then the last company-admin cannot go', async () => {
    const { owner } = await companyWithAdmin();
    const colleague = await customer();
    const token = await invite(owner, colleague.email);
    await as(colleague, request(shop.app).post(`/api/invitations/${token}/accept`)).expect(200);
    const email = encodeURIComponent(colleague.email.toLowerCase());

    const limited = await as(owner, request(shop.app).patch(`/api/company/members/${email}`))
      .send({ spendingLimitPerOrder: 1500, spendingLimitPerMonth: 6000 })
      .expect(200);
    expect(limited.body).toMatchObject({
      role: 'buyer',
      spendingLimitPerOrder: 1500,
      spendingLimitPerMonth: 6000,
    });
    const cleared = await as(owner, request(shop.app).patch(`/api/company/members/${email}`))
      .send({ spendingLimitPerMonth: null })
      .expect(200);
    expect(cleared.body).toMatchObject({
      spendingLimitPerOrder: 1500,
      spendingLimitPerMonth: null,
    });

    // A buyer cannot manage members.
    await as(colleague, request(shop.app).patch(`/api/company/members/${email}`))
      .send({ role: 'company-admin' })
      .expect(403);

    const ownEmail = encodeURIComponent(owner.email.toLowerCase());
    const last = await as(
      owner,
      request(shop.app).delete(`/api/company/members/${ownEmail}`),
    ).expect(409);
    expect(last.body.error.message).toMatch(/at least one company admin/);
    await as(owner, request(shop.app).patch(`/api/company/members/${ownEmail}`))
      .send({ role: 'buyer' })
      .expect(409);

    await as(owner, request(shop.app).patch(`/api/company/members/${email}`))
      .send({ role: 'company-admin' })
      .expect(200);
    await as(owner, request(shop.app).delete(`/api/company/members/${ownEmail}`)).expect(200);
    const gone = await as(owner, request(shop.app).get('/api/company')).expect(200);
    expect(gone.body.company).toBeNull();
  });

  it("when a company-admin acts on another company's member, then 404: only their own company is reachable", async () => {
    const mine = await companyWithAdmin();
    const theirs = await companyWithAdmin();
    const email = encodeURIComponent(theirs.owner.email.toLowerCase());
    await as(mine.owner, request(shop.app).delete(`/api/company/members/${email}`)).expect(404);
    expect(await shop.store.companies.membershipOf(theirs.owner.email)).not.toBeNull();
  });

  it('when the shop admin invites into a company and changes a member, then it works as for a company-admin', async () => {
    const { owner, companyId } = await companyWithAdmin();
    const colleague = await customer();
    await as(shop.admin, request(shop.app).post(`/api/companies/${companyId}/invitations`))
      .send({ email: colleague.email, role: 'buyer' })
      .expect(201);
    const token = tokenIn((await lastMail(colleague.email, 'company-invitation')).text);
    await as(colleague, request(shop.app).post(`/api/invitations/${token}/accept`)).expect(200);
    const email = encodeURIComponent(owner.email.toLowerCase());
    await as(shop.admin, request(shop.app).patch(`/api/companies/${companyId}/members/${email}`))
      .send({ spendingLimitPerOrder: 100 })
      .expect(200);
    await as(
      shop.admin,
      request(shop.app).delete(`/api/companies/${companyId}/members/${email}`),
    ).expect(409);
  });
});
