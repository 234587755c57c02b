import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

/** A small RFC 4180 reader, to check what toCsv writes reads back as the same cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index++;
    } else cell += char;
  }
  return rows;
}

describe("toCsv", () => {
  it("writes a header row and one row per line, quoting what needs it", () => {
    expect(
      toCsv({
        headers: ["Day", "Title", "Points"],
        rows: [
          ["2026-03-02", 'Fix "login", then ship', 3],
          ["2026-03-03", "Two\nlines", null],
        ],
      }),
    ).toBe('Day,Title,Points\r\n2026-03-02,"Fix ""login"", then ship",3\r\n2026-03-03,"Two\nlines",\r\n');
  });

  it("keeps text that a spreadsheet would run as a formula as text, but not negative numbers", () => {
    expect(toCsv({ headers: ["a", "b"], rows: [["=SUM(A1)", -2]] })).toBe("a,b\r\n'=SUM(A1),-2\r\n");
  });

  it("reads back as the same cells, whatever the text", () => {
    const safeText = fc.string().filter((text) => !/^[=+\-@\t\r]/.test(text));
    fc.assert(
      fc.property(fc.array(fc.array(safeText, { minLength: 2, maxLength: 2 }), { maxLength: 5 }), (rows) => {
        expect(parseCsv(toCsv({ headers: ["x", "y"], rows }))).toEqual([["x", "y"], ...rows]);
      }),
    );
  });
});
