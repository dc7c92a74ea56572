import { expect } from '@playwright/test';
import {
  bearer,
  createTool,
  DEMO_ADMIN,
  payWithTestCard,
  shoot,
  signIn,
  test,
  signOut,
} from './fixtures';
import { sentTo, shootMail, waitForMail, type InboxMail } from './mail-inbox';

// A quote from request to payment in the browser: the customer asks for 500 units on a tool's
// purchase page, the admin offers a price per unit on the Quotes page, the customer accepts it
// and pays the order with the test card. Each step's email is looked up in the local inbox and
// screenshotted (with a declined quote's too), so every quote message is seen.

const nextYear = new Date().getUTCFullYear() + 1;

const quoteMail = (number: string, to: string, subject: (s: string) => boolean) =>
  waitForMail(
    (mail: InboxMail) => sentTo(mail, to) && mail.subject.includes(number) && subject(mail.subject),
  );

test('a quote is requested, offered by the admin, accepted and paid with the test card, with an email at each step', async ({
  customerAccount,
  page,
}) => {
  const tool = await createTool(page.request, {
    name: 'Quoted Vise',
    img: '/images/tools/torque-wrench.svg',
    price: 40,
    description: 'Asked for by the pallet.',
    availableQuantity: 2000,
    MinimumOrderQuantity: 10,
    priceTiers: [{ minQuantity: 100, price: 36 }],
  });

  await signIn(page, customerAccount);
  await page.goto(`/purchase/${tool._id}`);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  await page.getByLabel(`Quantity of ${tool.name}`).fill('500');
  await page.getByLabel('Message').fill('Delivery to the Leeds plant, please.');
  await page.getByLabel('Phone for the quote').fill('+1 555 0100');
  await page.getByLabel('Delivery address').fill('12 Forge Lane, Sheffield S1 2AB');
  await page.getByRole('button', { name: 'Send quote request' }).click();
  const requested = page.getByRole('status').filter({ hasText: /Quote Q-1\d{5} requested/ });
  await expect(requested).toBeVisible();
  const number = /Q-1\d{5}/.exec((await requested.textContent()) ?? '')?.[0] ?? '';
  const receipt = await quoteMail(number, customerAccount.email, (s) => s.includes('requested'));
  expect(receipt.text).toContain('500');
  const shopNote = await quoteMail(number, 'sales@toolworks.test', (s) =>
    s.startsWith('New quote'),
  );
  await signOut(page);

  await signIn(page, DEMO_ADMIN);
  await page.goto('/dashboard/quotes');
  const card = page.getByRole('article', { name: new RegExp(`Quote ${number} from`) });
  await card.getByLabel(`Unit price for ${tool.name}`).fill('33.5');
  await card.getByLabel('Valid until').fill(`${nextYear}-01-31`);
  await shoot(page, 'admin-quote-answer');
  await card.getByRole('button', { name: 'Offer' }).click();
  await page.getByLabel('Status').selectOption('offered');
  await expect(
    page
      .getByRole('article', { name: new RegExp(`Quote ${number} from`) })
      .getByText('offered', { exact: true }),
  ).toBeVisible();
  const offer = await quoteMail(number, customerAccount.email, (s) => s.startsWith('Your quote'));
  expect(offer.text).toContain('$33.50');
  expect(offer.text).toContain('$16,750.00');
  expect(offer.subject).toContain(`valid until Jan 31, ${nextYear}`);
  await signOut(page);

  await signIn(page, customerAccount);
  await page.goto('/dashboard/my-quotes');
  await shoot(page, 'my-quotes-offered');
  await page.getByRole('button', { name: `Accept and pay ${number}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').at(-1) ?? '';
  await expect(page.getByText('$16,750.00').first()).toBeVisible();
  await payWithTestCard(page);

  const order = (await (
    await page.request.get(`/api/order/${orderId}`, { headers: await bearer(page) })
  ).json()) as { number: string; status: string; items: { unitPrice: number; quantity: number }[] };
  expect(order).toMatchObject({ status: 'paid', items: [{ unitPrice: 33.5, quantity: 500 }] });
  const accepted = await quoteMail(number, customerAccount.email, (s) => s.includes('accepted'));
  expect(accepted.subject).toContain(order.number);
  expect(accepted.text).toContain(`/dashboard/payment/${orderId}`);
  await page.goto('/dashboard/my-quotes');
  await expect(page.getByText('accepted').first()).toBeVisible();

  // A second request, declined through the API, for the last message kind.
  const second = await page.request.post('/api/quotes', {
    headers: await bearer(page),
    data: {
      items: [{ toolId: tool._id, quantity: 5000 }],
      userPhone: '+1 555 0100',
      userAddress: '12 Forge Lane, Sheffield S1 2AB',
    },
  });
  expect(second.status()).toBe(201);
  const secondQuote = (await second.json()) as { _id: string; number: string };
  await signOut(page);
  await signIn(page, DEMO_ADMIN);
  const declined = await page.request.patch(`/api/quotes/${secondQuote._id}`, {
    headers: await bearer(page),
    data: { decline: true, reason: 'We cannot make 5,000 before next year.' },
  });
  expect(declined.status()).toBe(200);
  const declineMail = await quoteMail(secondQuote.number, customerAccount.email, (s) =>
    s.includes('declined'),
  );
  expect(declineMail.text).toContain('Reason: We cannot make 5,000 before next year.');

  await shootMail(page, receipt, 'inbox-quote-requested');
  await shootMail(page, shopNote, 'inbox-quote-requested-shop');
  await shootMail(page, offer, 'inbox-quote-offered');
  await shootMail(page, accepted, 'inbox-quote-accepted');
  await shootMail(page, declineMail, 'inbox-quote-declined');
});
