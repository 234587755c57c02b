import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidPassword, PASSWORD_RULES_TEXT } from "./password.js";

const lower = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz");
const upper = fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ");
const digit = fc.constantFrom(..."0123456789");
const special = fc.constantFrom(..."!@#$%^&*()-_=+[]{};:,.<>/?");
const classes = [lower, upper, digit, special];

/** A password of the given length drawing only from the chosen character classes, each at least once. */
function passwordFrom(chosen: number[], length: number) {
  const pools = chosen.map((index) => classes[index] as fc.Arbitrary<string>);
  return fc
    .tuple(
      fc.tuple(...pools),
      fc.array(fc.oneof(...pools), { minLength: length - chosen.length, maxLength: length - chosen.length }),
    )
    .chain(([required, rest]) => fc.shuffledSubarray([...required, ...rest], { minLength: length, maxLength: length }))
    .map((characters) => characters.join(""));
}

const classSets = fc.subarray([0, 1, 2, 3], { minLength: 1 });

describe("password rules", () => {
  it("accepts 8–128 characters with at least 3 character classes", () => {
    fc.assert(
      fc.property(
        fc
          .subarray([0, 1, 2, 3], { minLength: 3 })
          .chain((chosen) => fc.integer({ min: 8, max: 128 }).chain((length) => passwordFrom(chosen, length))),
        (password) => isValidPassword(password),
      ),
    );
  });

  it("refuses fewer than 3 character classes at any length", () => {
    fc.assert(
      fc.property(
        classSets
          .filter((chosen) => chosen.length < 3)
          .chain((chosen) =>
            fc.integer({ min: Math.max(8, chosen.length), max: 128 }).chain((length) => passwordFrom(chosen, length)),
          ),
        (password) => !isValidPassword(password),
      ),
    );
  });

  it("refuses anything shorter than 8 or longer than 128 characters", () => {
    fc.assert(
      fc.property(
        fc
          .oneof(fc.integer({ min: 4, max: 7 }), fc.integer({ min: 129, max: 200 }))
          .chain((length) => passwordFrom([0, 1, 2, 3], length)),
        (password) => !isValidPassword(password),
      ),
    );
  });

  it("counts an emoji as one character", () => {
    expect(isValidPassword("Ab1😀😀😀😀😀")).toBe(true);
    expect(isValidPassword("Ab1😀😀😀😀")).toBe(false);
  });

  it("lists the rules in its error text", () => {
    for (const rule of [
      "8–128 characters",
      "at least 3",
      "lower case",
      "upper case",
      "numbers",
      "special characters",
    ]) {
      expect(PASSWORD_RULES_TEXT).toContain(rule);
    }
  });
});
