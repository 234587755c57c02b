/** SPEC §9 "Numbers": at most 2 decimals, thousands separators from 1000 ("1,234.57"). */
let numberFormat: Intl.NumberFormat | undefined;

/** Thousands separators in a whole number's digits. */
const THOUSANDS = /\B(?=(\d{3})+$)/g;

export function formatNumber(value: number): string {
  // Whole numbers (every count a page shows) are grouped by hand: the formatter below costs its page
  // ~10 ms to build (issue #32, decision 0106), and a board's first cards show counts only.
  if (Number.isSafeInteger(value)) {
    const digits = String(Math.abs(value)).replace(THOUSANDS, ",");
    return value < 0 ? `-${digits}` : digits;
  }
  numberFormat ??= new Intl.NumberFormat("en-US", {
    maximumFractionDigits: 2,
    useGrouping: true,
    // A value that rounds to zero reads "0", not "-0".
    signDisplay: "negative",
  });
  return numberFormat.format(value);
}
