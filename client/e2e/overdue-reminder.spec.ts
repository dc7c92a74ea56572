import { expect } from '@playwright/test';
import { expectNoSeriousViolations, waitForContent } from './axe';
import { CLOCK, createAccount, letTimePass, shoot, signIn, submitTestCard, test } from './fixtures';
import { sentTo, shootMail, waitForMail, type InboxMail } from './mail-inbox';
import { createTradeCompany, placeOrderOnInvoice } from './trade-company';

// An overdue invoice: a net-15 company buys on invoice, the shop's clock moves 22 days on (past
// the due date, into the 7-day stage), and the reminder reaches the company-admin's local inbox.
// The company-admin then pays the invoice by card from My company → Invoices.

test.use({ bypassCSP: true });

const WEEK = 7 * 24 * 60;

test(
  'an invoice past its due date sends a reminder to the inbox, and the company pays it by card',
  CLOCK,
  async ({ page, request }) => {
    test.setTimeout(180_000);
    const boss = await createAccount(request, 'overdue');
    const { adminApi: headers } = await createTradeCompany(request, boss, {
      name: 'Overdue Works',
      terms: { paymentTerms: 'net-15', creditLimit: 1_000_000 },
    });

    await placeOrderOnInvoice(request, headers);
    const [invoice] = (await (await request.get('/api/company/invoices', { headers })).json()) as {
      number: string;
    }[];
    expect(invoice?.number).toMatch(/^INV-/);

    // Net 15: 22 days later the invoice is 7 days overdue; the sweep mails the 7-day reminder.
    await letTimePass(request, WEEK);
    await letTimePass(request, WEEK);
    await letTimePass(request, WEEK);
    await letTimePass(request, 24 * 60);
    const isReminder = (mail: InboxMail) =>
      sentTo(mail, boss.email) &&
      mail.subject === `Reminder: invoice ${invoice!.number} is 7 days overdue`;
    // The sweep runs every 30 s, then the sender polls the outbox: allow two of the inbox's waits.
    const reminder = await waitForMail(isReminder).catch(() => waitForMail(isReminder));
    expect(reminder.text).toContain('Balance to pay:');
    expect(reminder.text).toContain('/dashboard/my-company');
    await shootMail(page, reminder, 'invoice-reminder-email');

    await signIn(page, boss);
    await page.goto('/dashboard/my-company');
    const invoices = page.getByRole('region', { name: 'Invoices' });
    const row = invoices.getByRole('row').filter({ hasText: invoice!.number });
    await expect(row).toContainText('Overdue');
    await row.getByRole('button', { name: `Pay by card: ${invoice!.number}` }).click();
    const panel = page.getByRole('region', { name: `Pay invoice ${invoice!.number} by card` });
    await expect(panel.getByText('Test mode: no real card is charged')).toBeVisible();
    await waitForContent(page);
    await shoot(page, 'invoice-pay-by-card');
    await expectNoSeriousViolations(page, 'invoice-pay-by-card');
    await submitTestCard(panel);
    await expect(
      page.getByText(`Invoice ${invoice!.number} is paid by card. Thank you!`),
    ).toBeVisible();
    await expect(row).toContainText('Paid');
    await shoot(page, 'invoice-paid-by-card');
  },
);
