/**
 * Node's flags for the server process (decision 0109). The old generation is capped at 256 MiB: the
 * server's live heap is about 90 MiB under B1 and B2's load at 100,000 issues, but with V8's default
 * limit (a quarter of the machine's memory) the heap grows with the garbage between collections, to ~490 MiB
 * of resident memory after ten minutes; capped, V8 collects sooner and the process stays within issue
 * #32's 400 MiB. Every launcher passes them: `npm start` and the server package's start script (their
 * test keeps them equal to these), the e2e servers and the benchmarks' built server.
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=256"];
