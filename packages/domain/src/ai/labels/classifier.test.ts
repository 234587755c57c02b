import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LABEL_SUGGESTION_THRESHOLD,
  type LabelledIssue,
  labelModelSteps,
  loadLabelModel,
  MIN_LABEL_EXAMPLES,
  MIN_TRAINING_ISSUES,
  predictLabels,
  suggestLabels,
  trainLabelModel,
} from "./classifier.js";
import { trainLogistic } from "./logistic.js";

const bugs = ["App crashes on start", "Crash when saving a file", "Error thrown on login", "Crash after update"];
const docs = ["Document the config file", "Typo in the README docs", "Docs: explain the CLI", "Add docs for plugins"];
const features = [
  "Add dark mode",
  "Support exporting to CSV",
  "Add a setting for themes",
  "Support keyboard shortcuts",
];
const history: LabelledIssue[] = [
  ...bugs.map((title) => ({ title, body: "Stack trace: error crash", labels: ["bug"] })),
  ...docs.map((title) => ({ title, body: "The documentation says", labels: ["documentation"] })),
  ...features.map((title) => ({ title, body: "It would be nice to add", labels: ["enhancement"] })),
];

describe("label model", () => {
  const model = trainLabelModel(history);
  if (!model) throw new Error("expected a model");
  const loaded = loadLabelModel(model);

  it("suggests the label of similar past issues with high confidence", () => {
    const [first] = suggestLabels(loaded, "Crash when opening a file", "error crash");
    expect(first?.name).toBe("bug");
    expect(first?.confidence).toBeGreaterThanOrEqual(LABEL_SUGGESTION_THRESHOLD);
  });

  it("suggests nothing for text with no known word", () => {
    expect(suggestLabels(loaded, "Quux zorblat", null)).toEqual([]);
    expect(predictLabels(loaded, "Quux zorblat", null).every((p) => p.confidence === 0)).toBe(true);
  });

  it("leaves out labels already there or dismissed, ignoring case, and labels not offered", () => {
    expect(suggestLabels(loaded, "Crash on save", "error crash", { exclude: ["BUG"] })).not.toContainEqual(
      expect.objectContaining({ name: "bug" }),
    );
    expect(suggestLabels(loaded, "Crash on save", "error crash", { allowed: ["enhancement"] })).toEqual([]);
  });

  it("has no model with too few labelled issues, and ignores unlabelled ones", () => {
    const few = history.slice(0, MIN_TRAINING_ISSUES - 1);
    expect(trainLabelModel([...few, ...history.map((issue) => ({ ...issue, labels: [] }))])).toBeNull();
  });

  it("never learns a label seen on fewer issues than the minimum", () => {
    const rare = { title: "Security hole", body: null, labels: ["security"] };
    const trained = trainLabelModel([...history, ...Array(MIN_LABEL_EXAMPLES - 1).fill(rare)]);
    expect(trained?.labels.map((label) => label.name)).toEqual(["bug", "documentation", "enhancement"]);
  });

  it("stores as plain JSON and scores the same after a round trip", () => {
    const copy = loadLabelModel(JSON.parse(JSON.stringify(model)));
    expect(predictLabels(copy, "Crash on save", "error")).toEqual(predictLabels(loaded, "Crash on save", "error"));
  });
});

describe("thresholding", () => {
  const model = trainLabelModel(history);
  if (!model) throw new Error("expected a model");
  const loaded = loadLabelModel(model);

  it("only suggests at or above the threshold, at most the limit, most confident first; higher thresholds suggest a subset", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("crash", "docs", "add", "error", "typo", "support", "file", "zzz"), { maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 3 }),
        (words, a, b, limit) => {
          const [low, high] = a < b ? [a, b] : [b, a];
          const text = words.join(" ");
          const lows = suggestLabels(loaded, text, null, { threshold: low, limit: 3 });
          const highs = suggestLabels(loaded, text, null, { threshold: high, limit });
          expect(highs.length).toBeLessThanOrEqual(limit);
          for (const suggestion of highs) {
            expect(suggestion.confidence).toBeGreaterThanOrEqual(high);
            expect(lows.map((s) => s.name)).toContain(suggestion.name);
          }
          const confidences = lows.map((s) => s.confidence);
          expect([...confidences].sort((x, y) => y - x)).toEqual(confidences);
        },
      ),
    );
  });
});

describe("training", () => {
  it("gives the same model whatever the order of the issues", () => {
    const shuffled = [...history].reverse();
    const a = trainLabelModel(history);
    const b = trainLabelModel(shuffled);
    expect(b?.labels.map((l) => [l.name, l.examples])).toEqual(a?.labels.map((l) => [l.name, l.examples]));
    a?.labels.forEach((label, i) => {
      expect(b?.labels[i]?.bias).toBeCloseTo(label.bias, 4);
    });
  });

  it("trains in steps, pausing at least once per label, to the same model as at once", () => {
    const steps = labelModelSteps(history);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    expect(step.value).toEqual(trainLabelModel(history));
    expect(pauses).toBeGreaterThanOrEqual(step.value?.labels.length ?? 1);
  });

  it("separates any linearly separable one-feature data: positives score above negatives", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), (positives, negatives) => {
        const xs = [
          ...Array.from({ length: positives }, () => ({ indices: [0], values: [1] })),
          ...Array.from({ length: negatives }, () => ({ indices: [1], values: [1] })),
        ];
        const ys = xs.map((_, i) => i < positives);
        const { weights, bias } = trainLogistic(xs, ys, 2, { iterations: 100, l2: 1e-4 });
        expect((weights[0] ?? 0) + bias).toBeGreaterThan(0);
        expect((weights[1] ?? 0) + bias).toBeLessThan(0);
      }),
      { numRuns: 30 },
    );
  });
});
