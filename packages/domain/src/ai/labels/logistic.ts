import type { SparseVector } from "./tfidf.js";

export interface LogisticOptions {
  iterations: number;
  /** L2 penalty: keeps weights of words seen a few times from growing into false certainty. */
  l2: number;
}

export interface LogisticWeights {
  weights: Float64Array;
  bias: number;
}

export const sigmoid = (z: number) => (z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z)));

export function score(model: { weights: ArrayLike<number>; bias: number }, x: SparseVector): number {
  let z = model.bias;
  for (let k = 0; k < x.indices.length; k++) z += (model.weights[x.indices[k] ?? 0] ?? 0) * (x.values[k] ?? 0);
  return sigmoid(z);
}

/**
 * One label's binary logistic regression, as steps (one per pass; `trainLogistic` runs them all), fitted by full-batch gradient descent with Nesterov
 * momentum. Full batch rather than stochastic: the result does not depend on the order of the
 * documents, and the same documents always give the same weights. Inputs have length at most 1
 * (tf-idf) plus the bias, so the loss's gradient is 0.5-Lipschitz and a step of 1/(0.5 + l2) is safe.
 */
export function* logisticSteps(
  xs: readonly SparseVector[],
  ys: readonly boolean[],
  dimensions: number,
  options: LogisticOptions,
): Generator<void, LogisticWeights> {
  const n = xs.length;
  const step = 1 / (0.5 + options.l2);
  let weights = new Float64Array(dimensions);
  let bias = 0;
  let previous = new Float64Array(dimensions);
  let previousBias = 0;
  const gradient = new Float64Array(dimensions);
  for (let iteration = 1; iteration <= options.iterations; iteration++) {
    // Look-ahead point y = w + momentum (w − w_prev).
    const momentum = (iteration - 1) / (iteration + 2);
    const look = new Float64Array(dimensions);
    for (let j = 0; j < dimensions; j++)
      look[j] = (weights[j] ?? 0) + momentum * ((weights[j] ?? 0) - (previous[j] ?? 0));
    const lookBias = bias + momentum * (bias - previousBias);
    gradient.fill(0);
    let biasGradient = 0;
    xs.forEach((x, i) => {
      const error = (score({ weights: look, bias: lookBias }, x) - (ys[i] ? 1 : 0)) / n;
      biasGradient += error;
      for (let k = 0; k < x.indices.length; k++) {
        const j = x.indices[k] ?? 0;
        gradient[j] = (gradient[j] ?? 0) + error * (x.values[k] ?? 0);
      }
    });
    previous = weights;
    previousBias = bias;
    weights = new Float64Array(dimensions);
    for (let j = 0; j < dimensions; j++)
      weights[j] = (look[j] ?? 0) - step * ((gradient[j] ?? 0) + options.l2 * (look[j] ?? 0));
    bias = lookBias - step * biasGradient;
    // A pause point per pass over the documents, so a server can train without holding up requests.
    yield;
  }
  return { weights, bias };
}

/** Runs a training to its end at once. */
export function runToEnd<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

export function trainLogistic(
  xs: readonly SparseVector[],
  ys: readonly boolean[],
  dimensions: number,
  options: LogisticOptions,
): LogisticWeights {
  return runToEnd(logisticSteps(xs, ys, dimensions, options));
}
