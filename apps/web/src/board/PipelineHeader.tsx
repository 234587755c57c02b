import { CLOSED_PIPELINE_ID, type PipelineCounts, pipelineCountText } from "@gantry/domain";
import { KebabHorizontalIcon } from "@primer/octicons-react";
import { memo, Suspense, useRef, useState } from "react";
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator } from "react-aria-components";
import { lazyNamed } from "../ui/lazy-named";
import overlay from "../ui/overlay.module.css";
import type { BoardPipeline } from "./api";
import styles from "./Board.module.css";
import editing from "./PipelineEditing.module.css";
import { PipelineForm } from "./PipelineForm";
import { PipelineSelectAll } from "./PipelineSelectAll";
import { PipelineSortMenu, PipelineSortMessage } from "./PipelineSortMenu";
import { usePipelineEditing } from "./pipeline-editing";
import { usePipelineHeaderDrag } from "./use-pipeline-drag";

/** Read when a pipeline is first deleted, not with the board (B3). */
const DeletePipelineDialog = lazyNamed(() => import("./DeletePipelineDialog"), "DeletePipelineDialog");

type Mode = "view" | "rename" | "describe" | "delete";

interface PipelineHeaderProps {
  pipeline: BoardPipeline;
  counts: PipelineCounts;
  showDescription: boolean;
}

/**
 * A pipeline's name, counts, sort and description; for admins, a menu to rename, describe,
 * reorder and delete it. Kept when only the pipeline's cards change (a filter, a page): its menus
 * are costly to redraw.
 */
export const PipelineHeader = memo(function PipelineHeader({ pipeline, counts, showDescription }: PipelineHeaderProps) {
  const { canEdit, pipelines, requests, reorder } = usePipelineEditing();
  const [mode, setMode] = useState<Mode>("view");
  const index = pipelines.findIndex((candidate) => candidate.id === pipeline.id);
  const editable = canEdit && pipeline.id !== CLOSED_PIPELINE_ID && index >= 0;
  const headerRef = useRef<HTMLElement>(null);
  const isForm = mode === "rename" || mode === "describe";
  const { closestEdge, isDragging } = usePipelineHeaderDrag(headerRef, pipeline.id, editable && !isForm);

  if (isForm) {
    return (
      <header className={styles.columnHeader}>
        <PipelineForm
          label={`Edit pipeline ${pipeline.name}`}
          initial={{ name: pipeline.name, description: pipeline.description ?? "" }}
          focus={mode === "rename" ? "name" : "description"}
          submitText="Save"
          onSubmit={async (values) => {
            await requests.update(pipeline.id, { name: values.name, description: values.description });
            setMode("view");
          }}
          onCancel={() => setMode("view")}
        />
      </header>
    );
  }

  const moveTo = (position: number) => void reorder(pipeline.id, position);
  const actions: Record<string, () => void> = {
    rename: () => setMode("rename"),
    describe: () => setMode("describe"),
    left: () => moveTo(index - 1),
    right: () => moveTo(index + 1),
    delete: () => setMode("delete"),
  };

  const headerClass = [
    styles.columnHeader,
    editable ? editing.draggableHeader : "",
    isDragging ? editing.draggingHeader : "",
    closestEdge === "left" ? editing.dropLeft : "",
    closestEdge === "right" ? editing.dropRight : "",
  ].join(" ");

  return (
    <header ref={headerRef} className={headerClass} title={editable ? "Drag to reorder pipelines" : undefined}>
      <div className={editing.headerLine}>
        <h2 id={`pipeline-${pipeline.id}`} className={styles.columnName}>
          {pipeline.name}
        </h2>
        <PipelineSelectAll pipeline={pipeline} />
        <PipelineSortMenu pipeline={pipeline} />
        {editable ? (
          <MenuTrigger>
            <Button className={editing.menuButton} aria-label={`Pipeline actions: ${pipeline.name}`}>
              <KebabHorizontalIcon aria-hidden />
            </Button>
            <Popover className={`${overlay.overlay} ${editing.popover}`} placement="bottom end">
              <Menu className={editing.menu} onAction={(key) => actions[String(key)]?.()}>
                <MenuItem id="rename" className={editing.menuItem}>
                  Rename
                </MenuItem>
                <MenuItem id="describe" className={editing.menuItem}>
                  Edit description
                </MenuItem>
                <MenuItem id="left" className={editing.menuItem} isDisabled={index === 0}>
                  Move left
                </MenuItem>
                <MenuItem id="right" className={editing.menuItem} isDisabled={index === pipelines.length - 1}>
                  Move right
                </MenuItem>
                <Separator className={editing.separator} />
                <MenuItem
                  id="delete"
                  className={`${editing.menuItem} ${editing.danger}`}
                  isDisabled={pipelines.length < 2}
                >
                  Delete pipeline
                </MenuItem>
              </Menu>
            </Popover>
          </MenuTrigger>
        ) : null}
      </div>
      <p className={styles.columnCount}>{pipelineCountText(counts)}</p>
      <PipelineSortMessage pipelineId={pipeline.id} />
      {showDescription && pipeline.description ? (
        <p className={styles.columnDescription}>{pipeline.description}</p>
      ) : null}
      {mode === "delete" ? (
        <Suspense fallback={null}>
          <DeletePipelineDialog pipeline={pipeline} onClose={() => setMode("view")} />
        </Suspense>
      ) : null}
    </header>
  );
});
