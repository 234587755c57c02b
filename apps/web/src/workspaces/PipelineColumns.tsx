import type { WorkspacePipeline } from "./api";
import styles from "./WorkspacePage.module.css";

/** The board's pipelines as empty columns; issues arrive with the board. */
export function PipelineColumns({ pipelines }: { pipelines: WorkspacePipeline[] }) {
  return (
    <section className={styles.board} aria-label="Pipelines">
      {pipelines.map((pipeline) => (
        <section key={pipeline.id} className={styles.column} aria-labelledby={`pipeline-${pipeline.id}`}>
          <h2 id={`pipeline-${pipeline.id}`} className={styles.columnTitle}>
            {pipeline.name}
          </h2>
          <p className={styles.columnEmpty}>No issues yet</p>
        </section>
      ))}
    </section>
  );
}
