import { logisticSteps, runToEnd } from "./logistic.js";
import { buildVocabulary, type SparseVector, termIndex, type Vocabulary, vectorize } from "./tfidf.js";
import { issueFeatures } from "./tokenize.js";

/** An issue the model learns from: its text and the labels people gave it. */
export interface LabelledIssue {
  title: string;
  body: string | null;
  labels: readonly string[];
}

/** One label's linear model, its weights kept sparse (most words say nothing about most labels). */
export interface LabelWeights {
  name: string;
  /** How many training issues carried it. */
  examples: number;
  bias: number;
  /** [term index, weight] pairs, term index increasing. */
  weights: [number, number][];
}

/** A workspace's trained classifier, as stored (plain JSON). */
export interface LabelModel {
  version: 1;
  /** How many labelled issues it learnt from. */
  issues: number;
  vocabulary: Vocabulary;
  labels: LabelWeights[];
}

export interface LabelSuggestion {
  name: string;
  /** The model's probability that the label applies, 0–1. */
  confidence: number;
}

/**
 * Chosen on the benchmark (bench/ai-labels.ts, decision 0032): at 0.6 about four suggestions in
 * five are right on both real data sets, while 40–55% of the labels people gave are suggested.
 * Better unsaid than wrong: a wrong chip costs a click and trust.
 */
export const LABEL_SUGGESTION_THRESHOLD = 0.6;
/** A label seen on fewer issues than this is never suggested: the model cannot know it yet. */
export const MIN_LABEL_EXAMPLES = 3;
/** Fewer labelled issues than this and the workspace has no model at all. */
export const MIN_TRAINING_ISSUES = 10;
/** At most this many chips at once. */
export const MAX_LABEL_SUGGESTIONS = 3;

export interface TrainingOptions {
  iterations: number;
  l2: number;
  minDocumentFrequency: number;
  maxTerms: number;
}

export const DEFAULT_TRAINING: TrainingOptions = { iterations: 150, l2: 1e-4, minDocumentFrequency: 2, maxTerms: 5000 };

/** Weights smaller than this are dropped when stored: they move no probability visibly. */
const KEPT_WEIGHT = 1e-4;

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * One-vs-rest logistic regression over tf-idf features, trained on the issues that carry at
 * least one label (an unlabelled issue may simply not have been triaged, so it is no evidence
 * against any label). Null when there is too little to learn from.
 */
export function trainLabelModel(
  issues: readonly LabelledIssue[],
  options: TrainingOptions = DEFAULT_TRAINING,
): LabelModel | null {
  return runToEnd(labelModelSteps(issues, options));
}

/** trainLabelModel as steps (one pass over the issues each), for a caller that must stay responsive. */
export function* labelModelSteps(
  issues: readonly LabelledIssue[],
  options: TrainingOptions = DEFAULT_TRAINING,
): Generator<void, LabelModel | null> {
  const labelled = issues.filter((issue) => issue.labels.length > 0);
  if (labelled.length < MIN_TRAINING_ISSUES) return null;
  const documents = labelled.map((issue) => issueFeatures(issue.title, issue.body));
  const vocabulary = buildVocabulary(documents, options);
  const index = termIndex(vocabulary);
  const vectors = documents.map((tokens) => vectorize(vocabulary, index, tokens));
  const labelSets = labelled.map((issue) => new Set(issue.labels));
  const counts = new Map<string, number>();
  for (const labels of labelSets) for (const name of labels) counts.set(name, (counts.get(name) ?? 0) + 1);
  const names = [...counts]
    .filter(([, count]) => count >= MIN_LABEL_EXAMPLES)
    .map(([name]) => name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const labels: LabelWeights[] = [];
  for (const name of names) {
    const targets = labelSets.map((set) => set.has(name));
    const fitted = yield* logisticSteps(vectors, targets, vocabulary.terms.length, options);
    const weights: [number, number][] = [];
    fitted.weights.forEach((weight, term) => {
      if (Math.abs(weight) >= KEPT_WEIGHT) weights.push([term, round(weight)]);
    });
    labels.push({ name, examples: counts.get(name) ?? 0, bias: round(fitted.bias), weights });
  }
  return { version: 1, issues: labelled.length, vocabulary, labels };
}

/** A stored model ready to score with: weights unpacked and the term index built once. */
export interface LoadedLabelModel {
  model: LabelModel;
  index: Map<string, number>;
  labels: { name: string; bias: number; weights: Map<number, number> }[];
}

export function loadLabelModel(model: LabelModel): LoadedLabelModel {
  return {
    model,
    index: termIndex(model.vocabulary),
    labels: model.labels.map((label) => ({ name: label.name, bias: label.bias, weights: new Map(label.weights) })),
  };
}

function probability(label: LoadedLabelModel["labels"][number], x: SparseVector): number {
  let z = label.bias;
  x.indices.forEach((term, k) => {
    z += (label.weights.get(term) ?? 0) * (x.values[k] ?? 0);
  });
  return 1 / (1 + Math.exp(-z));
}

/** Every label the model knows with its probability, most likely first (ties by name). */
export function predictLabels(loaded: LoadedLabelModel, title: string, body: string | null): LabelSuggestion[] {
  const x = vectorize(loaded.model.vocabulary, loaded.index, issueFeatures(title, body));
  return loaded.labels
    .map((label) => ({ name: label.name, confidence: x.indices.length ? probability(label, x) : 0 }))
    .sort((a, b) => b.confidence - a.confidence || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

export interface SuggestOptions {
  threshold?: number;
  /** Labels not to suggest: already on the issue, dismissed, or not offered here. Compared ignoring case. */
  exclude?: Iterable<string>;
  /** Only these labels may be suggested (the ones the issue's repository and workspace offer); all when left out. */
  allowed?: Iterable<string>;
  limit?: number;
}

/**
 * The labels worth showing: confident enough, not excluded, at most `limit`. An issue whose
 * text has no word the model knows gets none: nothing is guessed from the label's base rate.
 */
export function suggestLabels(
  loaded: LoadedLabelModel,
  title: string,
  body: string | null,
  options: SuggestOptions = {},
): LabelSuggestion[] {
  const threshold = options.threshold ?? LABEL_SUGGESTION_THRESHOLD;
  const excluded = new Set([...(options.exclude ?? [])].map((name) => name.toLowerCase()));
  const allowed = options.allowed ? new Set([...options.allowed].map((name) => name.toLowerCase())) : null;
  return predictLabels(loaded, title, body)
    .filter(
      ({ name, confidence }) =>
        confidence >= threshold && !excluded.has(name.toLowerCase()) && (!allowed || allowed.has(name.toLowerCase())),
    )
    .slice(0, options.limit ?? MAX_LABEL_SUGGESTIONS);
}
