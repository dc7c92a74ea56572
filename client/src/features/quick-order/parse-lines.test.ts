import { describe, expect, it } from 'vitest';
import { parseLines } from './parse-lines';

const pairs = (text: string) => parseLines(text).map((l) => [l.sku, l.quantity]);

describe('parseLines', () => {
  it('when lines use tabs, commas, semicolons or spaces, then each reads as SKU and quantity', () => {
    expect(pairs('PF-DRL-18\t40\nHT-HMR-16, 100\r\nMS-TAP-8;12\n  FS-SKT-94   7  ')).toEqual([
      ['PF-DRL-18', 40],
      ['HT-HMR-16', 100],
      ['MS-TAP-8', 12],
      ['FS-SKT-94', 7],
    ]);
  });

  it('when a CSV has a header row, quotes and blank lines, then only the data lines remain', () => {
    expect(pairs('SKU,Quantity\n"PF-DRL-18","1,200"\n\n"HT-HMR-16",20\n')).toEqual([
      ['PF-DRL-18', 1200],
      ['HT-HMR-16', 20],
    ]);
    expect(pairs('Part number\tQty\nPF-DRL-18\t40')).toEqual([['PF-DRL-18', 40]]);
  });

  it('when a line has no quantity or a word for one, then its quantity is unreadable (NaN)', () => {
    expect(pairs('PF-DRL-18\nHT-HMR-16, lots\nMS-TAP-8, 2.5')).toEqual([
      ['PF-DRL-18', Number.NaN],
      ['HT-HMR-16', Number.NaN],
      ['MS-TAP-8', 2.5],
    ]);
  });
});
