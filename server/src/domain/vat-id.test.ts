import { describe, expect, it } from 'vitest';
import { checkVatIdFormat } from './vat-id.js';

describe('checkVatIdFormat', () => {
  it.each([
    ['ATU13585627', 'AT', 'AT', 'U13585627'],
    ['BE0411905847', 'BE', 'BE', '0411905847'],
    ['BG123456789', 'BG', 'BG', '123456789'],
    ['CY10259033P', 'CY', 'CY', '10259033P'],
    ['CZ12345678', 'CZ', 'CZ', '12345678'],
    ['DE136695976', 'DE', 'DE', '136695976'],
    ['de 136 695 976', 'DE', 'DE', '136695976'],
    ['DK13585628', 'DK', 'DK', '13585628'],
    ['EE100931558', 'EE', 'EE', '100931558'],
    ['EL094259216', 'GR', 'EL', '094259216'],
    ['ESB12345674', 'ES', 'ES', 'B12345674'],
    ['FI20774740', 'FI', 'FI', '20774740'],
    ['FR40303265045', 'FR', 'FR', '40303265045'],
    ['FRK7399859412', 'FR', 'FR', 'K7399859412'],
    ['HR33392005961', 'HR', 'HR', '33392005961'],
    ['HU12892312', 'HU', 'HU', '12892312'],
    ['IE6388047V', 'IE', 'IE', '6388047V'],
    ['IE1234567WA', 'IE', 'IE', '1234567WA'],
    ['IT00743110157', 'IT', 'IT', '00743110157'],
    ['LT119511515', 'LT', 'LT', '119511515'],
    ['LU15027442', 'LU', 'LU', '15027442'],
    ['LV40003521600', 'LV', 'LV', '40003521600'],
    ['MT11679112', 'MT', 'MT', '11679112'],
    ['NL002198178B09', 'NL', 'NL', '002198178B09'],
    ['PL5260001246', 'PL', 'PL', '5260001246'],
    ['PT501964843', 'PT', 'PT', '501964843'],
    ['RO18547290', 'RO', 'RO', '18547290'],
    ['SE556012579001', 'SE', 'SE', '556012579001'],
    ['SI50223054', 'SI', 'SI', '50223054'],
    ['SK2022749619', 'SK', 'SK', '2022749619'],
    ['XI123456789', 'GB', 'XI', '123456789'],
  ])('when %s, then it is a %s VAT ID', (vatId, country, prefix, number) => {
    expect(checkVatIdFormat(vatId)).toEqual({ ok: true, country, prefix, number });
  });

  it.each([
    ['', 'A VAT ID starts with an EU country code (DE, FR, EL...)'],
    ['US123456789', 'A VAT ID starts with an EU country code (DE, FR, EL...)'],
    ['GB123456789', 'A VAT ID starts with an EU country code (DE, FR, EL...)'],
    ['GR094259216', 'Greek VAT IDs start with EL, not GR'],
    ['DE12345678', 'Not the format of DE VAT IDs'],
    ['ATU1234567', 'Not the format of AT VAT IDs'],
    ['NL002198178X09', 'Not the format of NL VAT IDs'],
    ['SE556012579002', 'Not the format of SE VAT IDs'],
    ['DE123456789', 'The check digit of this DE VAT ID is wrong'],
    ['BE0411905848', 'The check digit of this BE VAT ID is wrong'],
    ['FR41303265045', 'The check digit of this FR VAT ID is wrong'],
    ['IT00743110158', 'The check digit of this IT VAT ID is wrong'],
    ['PL5260001247', 'The check digit of this PL VAT ID is wrong'],
    ['SE556012579101', 'The check digit of this SE VAT ID is wrong'],
    ['HR33392005962', 'The check digit of this HR VAT ID is wrong'],
  ])('when %j, then it is refused: %s', (vatId, reason) => {
    expect(checkVatIdFormat(vatId)).toEqual({ ok: false, reason });
  });
});
