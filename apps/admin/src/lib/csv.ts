/** One column of a CSV export: its heading and how a row reads in it. */
export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => string;
}

function quoted(cell: string): string {
  // A leading = + - @ would run as a formula in a spreadsheet: prefixed with ' it stays text.
  // A plain negative amount is a number, not a formula, and stays one.
  const isFormula = /^[=+\-@\t\r]/.test(cell) && !/^-\d+(\.\d+)?$/.test(cell);
  const safe = isFormula ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** RFC 4180 text with a BOM, so Excel opens the Chinese headings as UTF-8. */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: ReadonlyArray<Row>): string {
  const lines = [
    columns.map((column) => quoted(column.title)),
    ...rows.map((row) => columns.map((column) => quoted(column.value(row)))),
  ];
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
