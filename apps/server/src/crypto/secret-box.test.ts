import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SecretBox } from "./secret-box.js";

describe("secret box", () => {
  it("opens what it sealed, whatever the text, and never shows it in the sealed form", () => {
    const box = new SecretBox(randomBytes(32));
    fc.assert(
      fc.property(fc.string({ minLength: 8, unit: "grapheme" }), (plain) => {
        const sealed = box.seal(plain);
        expect(sealed).not.toContain(plain);
        expect(box.open(sealed)).toBe(plain);
      }),
    );
  });

  it("seals the same text differently each time", () => {
    const box = new SecretBox(randomBytes(32));
    expect(box.seal("gho_token")).not.toBe(box.seal("gho_token"));
  });

  it("opens values sealed with a previous key after rotation, and says they are stale", () => {
    const oldKey = randomBytes(32);
    const sealedEarlier = new SecretBox(oldKey).seal("gho_old");
    const rotated = new SecretBox(randomBytes(32), [oldKey]);
    expect(rotated.open(sealedEarlier)).toBe("gho_old");
    expect(rotated.isStale(sealedEarlier)).toBe(true);
    expect(rotated.isStale(rotated.seal("gho_new"))).toBe(false);
  });

  it("refuses a tampered value and an unknown key", () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal("gho_token");
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}A`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow("unknown format or key");
  });
});
