/** A sparse vector: term indices in increasing order and their weights. */
export interface SparseVector {
  indices: number[];
  values: number[];
}

/** The terms a model knows and how rare each is across the documents it was built from. */
export interface Vocabulary {
  terms: string[];
  idf: number[];
}

export interface VocabularyOptions {
  /** A term in fewer documents than this is left out (a typo or a one-off name says nothing general). */
  minDocumentFrequency: number;
  /** At most this many terms, the most widespread first, so a model stays small to store. */
  maxTerms: number;
}

/** Code-unit order, the same everywhere (unlike localeCompare), for a reproducible vocabulary. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function buildVocabulary(documents: readonly string[][], options: VocabularyOptions): Vocabulary {
  const documentFrequency = new Map<string, number>();
  for (const tokens of documents) {
    for (const term of new Set(tokens)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  }
  const kept = [...documentFrequency]
    .filter(([, frequency]) => frequency >= options.minDocumentFrequency)
    .sort(([a, fa], [b, fb]) => fb - fa || byCodeUnits(a, b))
    .slice(0, options.maxTerms)
    .sort(([a], [b]) => byCodeUnits(a, b));
  const count = documents.length;
  // Smoothed idf, as scikit-learn's: never zero, so a term in every document still counts a little.
  return {
    terms: kept.map(([term]) => term),
    idf: kept.map(([, frequency]) => Math.log((1 + count) / (1 + frequency)) + 1),
  };
}

export function termIndex(vocabulary: Vocabulary): Map<string, number> {
  return new Map(vocabulary.terms.map((term, index) => [term, index]));
}

/**
 * Sublinear tf × idf, scaled to length 1 so long and short issues weigh alike. Terms outside
 * the vocabulary are ignored; a document with none is the zero vector.
 */
export function vectorize(vocabulary: Vocabulary, index: Map<string, number>, tokens: readonly string[]): SparseVector {
  const counts = new Map<number, number>();
  for (const token of tokens) {
    const position = index.get(token);
    if (position !== undefined) counts.set(position, (counts.get(position) ?? 0) + 1);
  }
  const indices = [...counts.keys()].sort((a, b) => a - b);
  const values = indices.map((position) => (1 + Math.log(counts.get(position) ?? 1)) * (vocabulary.idf[position] ?? 0));
  const norm = Math.hypot(...values);
  return { indices, values: norm > 0 ? values.map((value) => value / norm) : values };
}
