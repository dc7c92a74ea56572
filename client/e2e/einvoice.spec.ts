import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createAccount, DEMO_ADMIN, look, SCREENS_DIR, signIn, signOut } from './fixtures';
import { attachment, sentTo, waitForMail } from './mail-inbox';
import { createTradeCompany, placeOrderOnInvoice } from './trade-company';

// Issue 52: the shop's admin sets a company to XRechnung (UBL) with its Leitweg-ID; the company
// pays on invoice; its company-admin downloads the XRechnung XML and the Factur-X PDF from the
// Invoices page of My company, and the invoice email in the local inbox carries the XML.

test.use({ bypassCSP: true });

const LEITWEG_ID = '991-01234-56';

test('a company set to XRechnung pays on invoice, downloads the XML and the Factur-X PDF, and its email carries the XML', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const buyer = await createAccount(request, 'xrechnung');
  const company = await createTradeCompany(request, buyer, {
    name: 'Stadtwerke',
    terms: { paymentTerms: 'net-30', creditLimit: 1_000_000 },
  });

  await signIn(page, DEMO_ADMIN);
  await page.goto(`/dashboard/companies/${company.companyId}`);
  const format = page.getByLabel('E-invoice format');
  await expect(format).toHaveValue('facturx');
  await format.selectOption({ label: 'XRechnung (UBL)' });
  await page.getByLabel('Buyer reference (Leitweg-ID)').fill(LEITWEG_ID);
  await look(page, 'company-einvoice-format');
  await page.getByRole('button', { name: 'Save company' }).click();
  await expect(page.getByText(`${company.name} saved`)).toBeVisible();
  await signOut(page);

  const order = await placeOrderOnInvoice(request, company.adminApi);

  await signIn(page, buyer);
  await page.goto('/dashboard/my-company');
  const invoices = page.getByRole('region', { name: 'Invoices' });
  const row = invoices.getByRole('row').filter({ hasText: order.number });
  await expect(row).toBeVisible();
  const number = /INV-\d{4}-\d{6}/.exec(await row.getByRole('rowheader').innerText())?.[0];
  expect(number, 'the invoice number in its row').toBeTruthy();
  await look(page, 'my-company-einvoice-downloads');
  const menu = row.getByRole('button', { name: `XRechnung ${number}`, exact: true });
  await menu.click();
  await look(page, 'my-company-einvoice-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');

  const download = async (name: string) => {
    const downloading = page.waitForEvent('download');
    // The XML is in the invoice's XRechnung menu; the PDF (the Factur-X) is a button of its own.
    if (name.startsWith('XRechnung'))
      await row.getByRole('button', { name: `XRechnung ${number}`, exact: true }).click();
    await row.getByRole('button', { name: `${name} ${number}` }).click();
    const file = await downloading;
    const saved = path.join(SCREENS_DIR, file.suggestedFilename());
    await file.saveAs(saved);
    return { name: file.suggestedFilename(), bytes: fs.readFileSync(saved) };
  };

  const xml = await download('XRechnung UBL');
  expect(xml.name).toBe(`${number}-xrechnung-ubl.xml`);
  const text = xml.bytes.toString('utf8');
  expect(text).toMatch(/<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
  expect(text).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  expect(text).toContain(`<cbc:ID>${number}</cbc:ID>`);
  expect(text).toContain(`<cbc:BuyerReference>${LEITWEG_ID}</cbc:BuyerReference>`);

  const pdf = await download('PDF');
  expect(pdf.name).toBe(`${number}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toContain('factur-x.xml');

  const mail = await waitForMail(
    (m) => sentTo(m, buyer.email) && m.subject.includes(number!) && Boolean(m.attachments?.length),
  );
  const files = mail.attachments ?? [];
  expect(files.map((a) => a.filename)).toEqual([`${number}-xrechnung-ubl.xml`, `${number}.pdf`]);
  expect(files[0]?.contentType).toMatch(/^application\/xml/);
  expect(files[1]?.contentType).toBe('application/pdf');
  // MailDev serves an attachment under the name it generated for it.
  const attached = (
    await attachment(mail, files[0]?.generatedFileName ?? `${number}-xrechnung-ubl.xml`)
  ).toString('utf8');
  expect(attached).toContain('urn:xeinkauf.de:kosit:xrechnung_3.0');
  expect(attached).toContain(`<cbc:BuyerReference>${LEITWEG_ID}</cbc:BuyerReference>`);
});
