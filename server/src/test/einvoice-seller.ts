/**
 * A German seller whose e-invoices pass XRechnung (an address with post code and country, a tax
 * number, a contact with email and phone, a bank account with IBAN), one 19% rate included in
 * the prices: the settings of the e-invoice API tests (issue 52).
 */
export const EINVOICE_SELLER = {
  SELLER_NAME: 'Toolworks GmbH',
  SELLER_ADDRESS: 'Werkstraße 1, 10115 Berlin, Germany',
  SELLER_TAX_ID: '30/123/45678',
  SELLER_EMAIL: 'rechnung@toolworks.test',
  SELLER_PHONE: '+49 30 1234567',
  SELLER_BANK_DETAILS: 'Foundry Bank, IBAN DE89 3704 0044 0532 0130 00, BIC COBADEFFXXX',
  TAX_RATE_PERCENT: '19',
  MAX_UNPAID_ORDERS: '1000',
};
