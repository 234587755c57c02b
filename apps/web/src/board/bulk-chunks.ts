/** Issues per request: small enough that the progress bar moves, large enough to be quick. */
export const BULK_CHUNK_SIZE = 25;

/** What a bulk mutation answers: how many succeeded, and why each failure failed (by issue id). */
export interface BulkAnswer {
  successCount: number;
  githubErrors: Record<string, string>;
}

export interface BulkOutcome {
  succeeded: string[];
  /** Issue id → the reason it failed. */
  failures: Record<string, string>;
}

/**
 * The issues in requests of `size`. Each request to the top of a pipeline lands above the one
 * before, so those go last chunk first: the selection then stands in its own order.
 */
export function chunksToSend(issueIds: string[], size: number, toTop: boolean): string[][] {
  const chunks: string[][] = [];
  for (let start = 0; start < issueIds.length; start += size) chunks.push(issueIds.slice(start, start + size));
  return toTop ? chunks.reverse() : chunks;
}

/**
 * Sends the chunks one after another, telling `onProgress` how many issues are done. A refused
 * request fails its own issues with its message; the remaining chunks are still sent.
 */
export async function runInChunks(
  chunks: string[][],
  send: (issueIds: string[]) => Promise<BulkAnswer>,
  onProgress: (done: number) => void,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { succeeded: [], failures: {} };
  let done = 0;
  for (const chunk of chunks) {
    try {
      const answer = await send(chunk);
      for (const id of chunk) {
        const reason = answer.githubErrors[id];
        if (reason === undefined) outcome.succeeded.push(id);
        else outcome.failures[id] = reason;
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      for (const id of chunk) outcome.failures[id] = reason;
    }
    done += chunk.length;
    onProgress(done);
  }
  return outcome;
}
