/**
 * A "moved-in" board (issue #32): the seeded board after many moves, as a board looks after months
 * of use, with no manual VACUUM after them (this machine's PostgreSQL runs without autovacuum, so
 * every dead position and timeline row the moves leave is still there when B1, B2 and B9 measure).
 * The moves go through `gantry_move_issue`, the function every `moveIssue` runs (decision 0053),
 * a thousand to a statement, with the same seeded sequence on every run; only the server's own
 * work around it (GraphQL, permissions) is left out, so 100,000 moves take about a minute.
 */

import type { TestDatabase } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { generator } from "./random.js";
import type { SeededBoard } from "./seed.js";

const BATCH = 1_000;

/** Moves `moves` random cards of the board to random pipelines, among the top 20 of each. */
export async function moveIn(database: TestDatabase, board: SeededBoard, moves: number): Promise<number> {
  const start = performance.now();
  const next = generator(32);
  const issueIds = board.issues.map((id) => decodeGlobalID(id).id);
  const pipelineIds = board.pipelines.map((id) => decodeGlobalID(id).id);
  for (let done = 0; done < moves; done += BATCH) {
    const count = Math.min(BATCH, moves - done);
    const issues = Array.from({ length: count }, () => issueIds[next(issueIds.length)]);
    const pipelines = Array.from({ length: count }, () => pipelineIds[next(pipelineIds.length)]);
    const positions = Array.from({ length: count }, () => next(20));
    await database.executeSql(
      `select count(gantry_move_issue($1::uuid, ($2::uuid[])[g], ($3::uuid[])[g], ($4::integer[])[g], $5::uuid,
         'moved-in', 'moved-in board', now())) from generate_subscripts($2::uuid[], 1) as g`,
      [board.workspaceId, issues, pipelines, positions, board.owner.userId],
    );
  }
  return performance.now() - start;
}
