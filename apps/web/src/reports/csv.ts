export type CsvCell = string | number | null;

/** A report's numbers as shown in its table; the same rows go into its CSV. */
export interface ReportTable {
  headers: readonly string[];
  rows: readonly (readonly CsvCell[])[];
}

// Spreadsheets run a cell starting with these as a formula; a leading apostrophe keeps it text.
const FORMULA_START = /^[=+\-@\t\r]/;

function csvCell(cell: CsvCell): string {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180 CSV: CRLF line ends, fields with commas, quotes or line breaks quoted. */
export function toCsv(table: ReportTable): string {
  return [table.headers, ...table.rows].map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

export function downloadCsv(fileName: string, table: ReportTable) {
  const url = URL.createObjectURL(new Blob([toCsv(table)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
