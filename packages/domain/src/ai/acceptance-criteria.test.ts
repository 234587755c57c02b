import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  criteriaFromAnswer,
  insertAcceptanceCriteria,
  MAX_ACCEPTANCE_CRITERIA,
  taskListItems,
  uniqueCriteria,
} from "./acceptance-criteria.js";

describe("task lists in closed issues' bodies", () => {
  it("reads checked and unchecked items, and nothing from plain lists or code blocks", () => {
    const body = [
      "Steps:",
      "- open the board",
      "## Acceptance criteria",
      "- [ ] Export includes the header row",
      "* [x]   Totals   match the board",
      "1. [ ] Works in Safari",
      "```",
      "- [ ] not a criterion",
      "```",
      "- [ ]",
    ].join("\n");
    expect(taskListItems(body)).toEqual([
      "Export includes the header row",
      "Totals match the board",
      "Works in Safari",
    ]);
  });
});

describe("criteria in a model's answer", () => {
  it("reads task, plain and numbered lists, ignores other lines and repeats, and shows the unfinished last line", () => {
    const answer = "Here you go:\n- [ ] Shows an error\n2. Keeps the draft\n- [ ] shows an  ERROR\n- Retries aft";
    expect(criteriaFromAnswer(answer)).toEqual(["Shows an error", "Keeps the draft", "Retries aft"]);
  });

  it(`keeps at most ${MAX_ACCEPTANCE_CRITERIA}`, () => {
    const answer = Array.from({ length: 12 }, (_, index) => `- [ ] Criterion ${index}`).join("\n");
    expect(criteriaFromAnswer(answer)).toHaveLength(MAX_ACCEPTANCE_CRITERIA);
  });
});

describe("inserting the criteria into the body", () => {
  it("appends an unchecked task list under a heading", () => {
    expect(insertAcceptanceCriteria("The export drops rows.\n\n", ["Header row kept", " ", "All rows exported"])).toBe(
      "The export drops rows.\n\n### Acceptance criteria\n\n- [ ] Header row kept\n- [ ] All rows exported\n",
    );
    expect(insertAcceptanceCriteria("", ["Header row kept"])).toBe(
      "### Acceptance criteria\n\n- [ ] Header row kept\n",
    );
    expect(insertAcceptanceCriteria("Body", ["", "  "])).toBe("Body");
  });

  it("puts criteria taken from similar issues in quotes naming each issue, which are not read back as this issue's", () => {
    const body = insertAcceptanceCriteria(
      "Export to Excel.",
      ["Opens in Excel"],
      [
        { issueNumber: 12, criteria: ["Header row kept", "All rows exported"] },
        { issueNumber: 15, criteria: [" "] },
      ],
    );
    expect(body).toBe(
      "Export to Excel.\n\n### Acceptance criteria\n\n- [ ] Opens in Excel\n\n> From similar issue #12:\n>\n> - [ ] Header row kept\n> - [ ] All rows exported\n",
    );
    expect(taskListItems(body)).toEqual(["Opens in Excel"]);
    expect(insertAcceptanceCriteria("", [], [{ issueNumber: 3, criteria: ["Kept"] }])).toBe(
      "### Acceptance criteria\n\n> From similar issue #3:\n>\n> - [ ] Kept\n",
    );
  });

  it("gives back exactly the criteria when the body is read again", () => {
    const criterion = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((text) => /[\p{L}\p{N}]/u.test(text) && !/[\r\n`~]/.test(text));
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/\[[ xX]\]|```|~~~/.test(text)),
        fc.array(criterion),
        (body, items) => {
          expect(taskListItems(insertAcceptanceCriteria(body, items))).toEqual(uniqueCriteria(items));
        },
      ),
    );
  });
});
