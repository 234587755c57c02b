import { randomUUID } from "node:crypto";
import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeGantryId, encodeGantryId } from "./builder.js";
import { GantryError } from "./errors.js";

describe("global ids", () => {
  it("encode as Relay does, first time and again, and decode back", () => {
    fc.assert(
      fc.property(fc.constantFrom("Issue", "Repository", "Pipeline", "Workspace"), fc.uuid(), (typename, id) => {
        const first = encodeGantryId(typename, id);
        expect(first).toBe(encodeGlobalID(typename, id));
        expect(encodeGantryId(typename, id)).toBe(first);
        expect(decodeGantryId(first)).toEqual({ typename, id });
      }),
    );
  });

  it("keep answering rightly past the number of ids they keep", () => {
    const ids = Array.from({ length: 10_050 }, () => randomUUID());
    for (const id of ids) encodeGantryId("Issue", id);
    for (const id of [ids[0], ids[10_049]] as string[]) {
      expect(encodeGantryId("Issue", id)).toBe(encodeGlobalID("Issue", id));
    }
  });

  it("refuse an id that does not wrap a UUID", () => {
    expect(() => decodeGantryId(encodeGlobalID("Issue", "1; drop table issues"))).toThrow(GantryError);
  });
});
