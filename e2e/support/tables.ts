import type { Locator } from "@playwright/test";

/** A table's rows as a person reads them: header cells and data cells, text only. */
export async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator("tr")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent ?? "")),
    );
}
