import { describe, expect, it } from "vitest";
import { localStartOf } from "./schedule-input.js";

// The reference gives sprint start times as instants "in UTC to be converted to the tz_identifier" (decision 0102).
describe("a schedule's start read in its zone", () => {
  it.each([
    ["2026-03-02T14:00:00Z", "America/New_York", { startOn: "2026-03-02", startTime: "09:00:00" }],
    // After New York's clock change (8 March 2026), 09:00 is 13:00 UTC.
    ["2026-03-09T13:00:00Z", "America/New_York", { startOn: "2026-03-09", startTime: "09:00:00" }],
    // Kolkata is UTC+05:30: a Tuesday evening in UTC is the next morning there.
    ["2026-03-03T20:30:00Z", "Asia/Kolkata", { startOn: "2026-03-04", startTime: "02:00:00" }],
    // Behind UTC, the day can be the one before.
    ["2026-03-02T03:15:30Z", "America/Los_Angeles", { startOn: "2026-03-01", startTime: "19:15:30" }],
    ["2026-03-02T00:00:00Z", "UTC", { startOn: "2026-03-02", startTime: "00:00:00" }],
  ])("%s in %s", (at, zone, expected) => {
    expect(localStartOf(new Date(at), zone)).toEqual(expected);
  });
});
