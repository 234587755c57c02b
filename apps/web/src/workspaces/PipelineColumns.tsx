import { pipelineCountText } from "@gantry/domain";
import { Link } from "react-router";
import { boardPath } from "../board/paths";
import form from "../ui/form.module.css";
import type { WorkspacePipeline } from "./api";
import styles from "./WorkspacePage.module.css";

/**
 * The board's pipelines with what each holds (the board's own count text), so a workspace with
 * issues never reads as empty; the cards themselves are on the board.
 */
export function PipelineColumns({ workspaceId, pipelines }: { workspaceId: string; pipelines: WorkspacePipeline[] }) {
  return (
    <section className={styles.board} aria-label="Pipelines">
      {pipelines.map((pipeline) => {
        const { issuesCount, pullRequestsCount } = pipeline.issueCounts;
        return (
          <section key={pipeline.id} className={styles.column} aria-labelledby={`pipeline-${pipeline.id}`}>
            <h2 id={`pipeline-${pipeline.id}`} className={styles.columnTitle}>
              {pipeline.name}
            </h2>
            <p className={styles.columnCount}>{pipelineCountText(pipeline.issueCounts)}</p>
            {issuesCount + pullRequestsCount === 0 ? (
              <p className={form.hint}>No issues yet</p>
            ) : (
              <Link to={boardPath(workspaceId)}>Open on the board</Link>
            )}
          </section>
        );
      })}
    </section>
  );
}
