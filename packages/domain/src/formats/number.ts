/** SPEC §9 "Numbers": at most 2 decimals, thousands separators from 1000 ("1,234.57"). */
const numberFormat = new Intl.NumberFormat("en-US", {
  maximumFractionDigits: 2,
  useGrouping: true,
  // A value that rounds to zero reads "0", not "-0".
  signDisplay: "negative",
});

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
