export { charactersLeftText } from "./character-counter.js";
export { formatDueLabel } from "./due-label.js";
export { formatNumber } from "./number.js";
export { DAYS_AGO_MAX_DAYS, formatRelativeDate, RELATIVE_TIME_MAX_DAYS } from "./relative-date.js";
export { type DateRange, formatDateRange, WEEK_STARTS_ON, weekRangeOf } from "./week-range.js";
export type { FormatOptions } from "./zone.js";
