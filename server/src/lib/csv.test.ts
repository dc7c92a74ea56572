import { describe, expect, it } from 'vitest';
import { csvCell, csvRow, csvRows, CsvCellTooLongError } from './csv.js';

describe('csvCell', () => {
  it('when a cell is plain text or a number, then it is written as it is', () => {
    expect(csvCell('Hammer')).toBe('Hammer');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('when a cell holds a comma, a quote or a line break, then it is quoted with quotes doubled', () => {
    expect(csvCell('Drill, cordless')).toBe('"Drill, cordless"');
    expect(csvCell('12" saw')).toBe('"12"" saw"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('when a text cell starts like a formula, then an apostrophe keeps it text', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1 555')).toBe("'+1 555");
    expect(csvCell('+1-1')).toBe("'+1-1");
    expect(csvCell('+1555+0100')).toBe("'+1555+0100");
    expect(csvCell('+1 555 0100 A1')).toBe("'+1 555 0100 A1");
    expect(csvCell('+SUM(1,2)')).toBe(`"'+SUM(1,2)"`);
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('-50.00')).toBe('-50.00');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('when a text cell is a plain phone number, then it is written as it is', () => {
    expect(csvCell('+1 555 0100')).toBe('+1 555 0100');
    expect(csvCell('+44 (20) 7946-0958')).toBe('+44 (20) 7946-0958');
    expect(csvCell('+49.30.1234567')).toBe('+49.30.1234567');
    expect(csvCell('555 0100')).toBe('555 0100');
  });
});

describe('csvRow', () => {
  it('when cells are joined, then commas separate them and CRLF ends the row', () => {
    expect(csvRow(['a', 'b,c', 3, undefined])).toBe('a,"b,c",3,\r\n');
  });
});

describe('csvRows', () => {
  it('when read a row at a time, then rows are those parseCsv gives, quotes, breaks and blanks alike', () => {
    const text = '\uFEFFa,"b ""q"", c",d\r\n\r\n"x\ny",,\rlast,"open';
    expect([...csvRows(text)]).toEqual([
      ['a', 'b "q", c', 'd'],
      [''],
      ['x\ny', '', ''],
      ['last', 'open'],
    ]);
  });

  it('when a cell is longer than allowed, then reading stops at it, naming its row and column', () => {
    const rows = csvRows(`h1,h2\nok,fine\nok,"${'z'.repeat(11)}"\nnever,read`, 10);
    expect(rows.next().value).toEqual(['h1', 'h2']);
    expect(rows.next().value).toEqual(['ok', 'fine']);
    expect(() => rows.next()).toThrow(new CsvCellTooLongError(3, 1));
  });
});
