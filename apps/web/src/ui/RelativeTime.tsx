import { formatRelativeDate } from "@gantry/domain";

const EXACT = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "long" });

/** A past moment as people read it ("5 minutes ago"), with the exact local time on hover, as GitHub shows times. */
export function RelativeTime({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={EXACT.format(date)}>
      {formatRelativeDate(date)}
    </time>
  );
}
