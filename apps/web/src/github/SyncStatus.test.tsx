import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatLag, SyncStatus } from "./SyncStatus";

const DAY = 86_400_000;

describe("sync health", () => {
  it("says how late a delivery came in the largest unit it fills, past GraphQL's 32-bit Int too", () => {
    expect([850, 2_400, 180_000, 5 * 3_600_000, 41.2 * DAY, 2_300 * DAY].map(formatLag)).toEqual([
      "850 ms",
      "2.4 s",
      "3.0 min",
      "5.0 h",
      "41.2 d",
      "2300.0 d",
    ]);
  });

  it("says a repository archived on GitHub is read-only there, and shows a delivery that failed with its reason", () => {
    render(
      <SyncStatus
        sync={{
          webhookInstalled: true,
          archived: true,
          lastDeliveryAt: new Date().toISOString(),
          lastDeliveryLagMs: 41.2 * DAY,
          lastReconciledAt: null,
          lastError: "GitHub's issues.opened delivery 72d3 could not be applied: value out of range for type integer",
          lastErrorAt: new Date().toISOString(),
          rateLimit: null,
        }}
      />,
    );
    expect(screen.getByText(/Archived on GitHub: read-only there/)).toBeVisible();
    expect(screen.getByText(/arrived 41\.2 d after the change/)).toBeVisible();
    expect(screen.getByText(/issues\.opened delivery 72d3 could not be applied: value out of range/)).toBeVisible();
  });
});
