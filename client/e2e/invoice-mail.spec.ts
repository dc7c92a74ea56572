import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import {
  bearer,
  orderThroughApi,
  payWithTestCard,
  SCREENS_DIR,
  signIn,
  test,
  createTool,
} from './fixtures';
import { attachment, pdfText, sentTo, shootMail, shootPdf, waitForMail } from './mail-inbox';

// After the payment: the buyer pays with the test card, downloads the invoice from the order
// page, and finds the "payment received" email with the same invoice attached in the local
// inbox (MailDev, started with the shop as `npm start` does). Screens of the emails and the
// invoice go to test-results/screens/.

test('a customer pays by card, downloads the invoice PDF and finds the payment email with it in the inbox', async ({
  customerAccount,
  page,
  request,
}) => {
  const tool = await createTool(request, { name: 'Socket Rail' });

  await signIn(page, customerAccount);
  const orderId = await orderThroughApi(page, tool);
  const { number } = (await (
    await page.request.get(`/api/order/${orderId}`, { headers: await bearer(page) })
  ).json()) as { number: string };

  await page.goto(`/dashboard/payment/${orderId}`);
  await payWithTestCard(page);

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(number) })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download invoice' }).click();
  const download = await downloading;
  const invoiceNumber = /^(INV-\d{4}-\d{6})\.pdf$/.exec(download.suggestedFilename())?.[1];
  expect(invoiceNumber, `file name ${download.suggestedFilename()}`).toBeTruthy();
  const file = path.join(SCREENS_DIR, 'invoice-e2e.pdf');
  await download.saveAs(file);
  const pdf = fs.readFileSync(file);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain(invoiceNumber);
  expect(text).toContain(tool.name);
  expect(text).toContain(customerAccount.email);
  shootPdf(file, 'invoice-e2e');

  const paidMail = await waitForMail(
    (mail) =>
      sentTo(mail, customerAccount.email) &&
      mail.subject === `Payment received for order ${number}`,
  );
  expect(paidMail.text).toContain(invoiceNumber);
  expect(paidMail.text).toContain(`/dashboard/orders/${orderId}`);
  const attached = paidMail.attachments?.find((a) => a.contentType === 'application/pdf');
  expect(attached?.filename).toBe(`${invoiceNumber}.pdf`);
  const mailedPdf = await attachment(
    paidMail,
    attached?.generatedFileName ?? `${invoiceNumber}.pdf`,
  );
  expect(await pdfText(mailedPdf)).toContain(invoiceNumber);

  const placedMail = await waitForMail(
    (mail) =>
      sentTo(mail, customerAccount.email) && mail.subject.startsWith(`Order ${number} placed`),
  );
  const shopMail = await waitForMail(
    (mail) =>
      sentTo(mail, 'sales@toolworks.test') && mail.subject.startsWith(`New paid order ${number}`),
  );
  await shootMail(page, placedMail, 'inbox-order-placed');
  await shootMail(page, paidMail, 'inbox-payment-received');
  await shootMail(page, shopMail, 'inbox-shop-paid');
});
