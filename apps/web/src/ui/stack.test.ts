import { describe, expect, it } from "vitest";
import styles from "./Stack.module.css";
import { stack } from "./stack";

const classesOf = (names: string) => names.split(" ").sort();

describe("stack", () => {
  it("is a row 8 apart, stretched and packed at the start, unless told otherwise", () => {
    expect(classesOf(stack())).toEqual([styles.stack]);
  });

  it("adds one modifier for each choice made, the base first so the modifiers win", () => {
    const names = stack({ direction: "column", gap: 4, align: "start", justify: "between", wrap: true });
    expect(names.split(" ")[0]).toBe(styles.stack);
    expect(classesOf(names)).toEqual(
      classesOf(
        [styles.stack, styles.column, styles.wrap, styles.alignStart, styles.justifyBetween, styles.gap4].join(" "),
      ),
    );
  });

  it("gives each alignment, justification and gap a class of its own", () => {
    const all = [
      stack({ align: "start" }),
      stack({ align: "center" }),
      stack({ align: "end" }),
      stack({ justify: "between" }),
      stack({ justify: "end" }),
      stack({ gap: 4 }),
      stack({ gap: 12 }),
      stack({ gap: 16 }),
    ];
    expect(new Set(all).size).toBe(all.length);
    for (const names of all) expect(names.split(" ")).toHaveLength(2);
  });
});
