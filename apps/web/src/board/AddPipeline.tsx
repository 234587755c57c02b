import { PlusIcon } from "@primer/octicons-react";
import { Button } from "../ui/Button";
import styles from "./Board.module.css";
import { addPipelineFormSet } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import editing from "./PipelineEditing.module.css";
import { PipelineForm } from "./PipelineForm";
import { usePipelineEditing } from "./pipeline-editing";

/** The board's last column for admins: "Add pipeline", which opens a column-shaped form (SPEC §3 isAddPipelineActive). */
export function AddPipeline() {
  const { canEdit, requests } = usePipelineEditing();
  const isOpen = useBoardSelector((state) => state.board.isAddPipelineActive);
  const dispatch = useBoardDispatch();
  if (!canEdit) return null;
  const close = () => dispatch(addPipelineFormSet(false));

  return (
    <section className={`${styles.column} ${editing.addColumn}`} aria-label="Add a pipeline">
      {isOpen ? (
        <div className={styles.columnHeader}>
          <PipelineForm
            label="Add a pipeline"
            initial={{ name: "", description: "" }}
            submitText="Add pipeline"
            onSubmit={async (values) => {
              await requests.create(values.name, values.description);
              close();
            }}
            onCancel={close}
          />
        </div>
      ) : (
        <Button className={editing.addButton} onClick={() => dispatch(addPipelineFormSet(true))}>
          <PlusIcon aria-hidden /> Add pipeline
        </Button>
      )}
    </section>
  );
}
