import { buildVocabulary, type SparseVector, termIndex, vectorize } from "./labels/tfidf.js";
import { issueFeatures } from "./labels/tokenize.js";

/**
 * "Closed issues like this one", by TF-IDF cosine similarity over the same features the label
 * classifier reads (title words twice, title word pairs, the start of the body), so both AI
 * features agree on what an issue is about. No model and no service.
 */

/** Both vectors are unit length, so their dot product is the cosine: 0 (nothing shared) to 1. */
export function cosineSimilarity(a: SparseVector, b: SparseVector): number {
  let dot = 0;
  let i = 0;
  let j = 0;
  while (i < a.indices.length && j < b.indices.length) {
    const left = a.indices[i] ?? 0;
    const right = b.indices[j] ?? 0;
    if (left === right) dot += (a.values[i++] ?? 0) * (b.values[j++] ?? 0);
    else if (left < right) i++;
    else j++;
  }
  return dot;
}

export interface IssueText {
  title: string;
  body: string | null;
}

export interface SimilarityMatch<T> {
  item: T;
  score: number;
}

/**
 * The candidates most like `issue`, best first, leaving out those sharing no term with it.
 * Equal scores keep the candidates' order, so candidates passed in a stable order give a stable answer.
 */
export function mostSimilarIssues<T>(
  issue: IssueText,
  candidates: readonly { item: T; text: IssueText }[],
  limit: number,
): SimilarityMatch<T>[] {
  const documents = candidates.map(({ text }) => issueFeatures(text.title, text.body));
  // Every term counts, even one in a single closed issue: that is often the most telling match.
  const vocabulary = buildVocabulary(documents, { minDocumentFrequency: 1, maxTerms: Number.POSITIVE_INFINITY });
  const index = termIndex(vocabulary);
  const query = vectorize(vocabulary, index, issueFeatures(issue.title, issue.body));
  return candidates
    .map((candidate, position) => ({
      item: candidate.item,
      score: cosineSimilarity(query, vectorize(vocabulary, index, documents[position] ?? [])),
      position,
    }))
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .slice(0, limit)
    .map(({ item, score }) => ({ item, score }));
}
