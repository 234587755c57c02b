import { describe, expect, it } from "vitest";
import { orderedId, safeDetails } from "./record.js";

describe("audit event ids and details", () => {
  it("hands out UUIDs that sort in the order they were made, within one millisecond and across them", () => {
    const ids = [
      ...Array.from({ length: 5000 }, () => orderedId(1_700_000_000_000)),
      ...Array.from({ length: 3 }, (_, i) => orderedId(1_700_000_000_001 + i)),
    ];
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(
      true,
    );
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("drops details whose names suggest a secret and clips long texts", () => {
    expect(
      safeDetails({
        method: "password",
        password: "hunter2",
        newPasswordConfirmation: "hunter2",
        token: "gnt_x",
        apiKey: "gantry_pat_x",
        note: "x".repeat(500),
      }),
    ).toEqual({ method: "password", note: "x".repeat(200) });
  });
});
