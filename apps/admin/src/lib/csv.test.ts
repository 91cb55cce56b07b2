import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

interface Row {
  name: string;
  amount: string;
}

const columns = [
  { title: '会员', value: (row: Row) => row.name },
  { title: '金额', value: (row: Row) => row.amount },
];

describe('toCsv', () => {
  it('starts with a BOM and ends rows with CRLF, headings first', () => {
    expect(toCsv(columns, [{ name: '张三', amount: '100.00' }])).toBe('\uFEFF会员,金额\r\n张三,100.00\r\n');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(toCsv(columns, [{ name: 'a,"b"\nc', amount: '1' }])).toBe('\uFEFF会员,金额\r\n"a,""b""\nc",1\r\n');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text', () => {
    const text = toCsv(columns, [{ name: '=HYPERLINK("http://x")', amount: '-1+2' }]);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(",'-1+2\r\n");
  });

  it('leaves a negative amount a number', () => {
    expect(toCsv(columns, [{ name: '@bob', amount: '-20.50' }])).toContain("'@bob,-20.50\r\n");
  });
});
