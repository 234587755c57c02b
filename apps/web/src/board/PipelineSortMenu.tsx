import { CLOSED_PIPELINE_ID, DEFAULT_SORT_TYPE, isSortType, SORT_TYPES, type SortType } from "@gantry/domain";
import { CheckIcon, SortDescIcon } from "@primer/octicons-react";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import overlay from "../ui/overlay.module.css";
import type { BoardPipeline } from "./api";
import { pipelineReloadMarked, pipelineSortSet } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";
import editing from "./PipelineEditing.module.css";
import styles from "./PipelineSortMenu.module.css";
import { SORT_TYPE_LABELS, sortedPipelineMessage } from "./pipeline-sort";

const useSortType = (pipelineId: string): SortType =>
  useBoardSelector((state) => state.board.sortedPipelines[pipelineId] ?? DEFAULT_SORT_TYPE);

/**
 * The pipeline's sort (SPEC §2 "sort per pipeline", §9 sort types), the current one checked.
 * Choosing one shows the loaded cards in its order at once and reads the pipeline again in it;
 * the Closed pipeline keeps its own order (most recently closed first) and has none.
 */
export function PipelineSortMenu({ pipeline }: { pipeline: BoardPipeline }) {
  const sortType = useSortType(pipeline.id);
  const dispatch = useBoardDispatch();
  if (pipeline.id === CLOSED_PIPELINE_ID) return null;

  const choose = (chosen: SortType) => {
    if (chosen === sortType) return;
    dispatch(pipelineSortSet({ pipelineId: pipeline.id, sortType: chosen, message: sortedPipelineMessage(chosen) }));
    dispatch(pipelineReloadMarked(pipeline.id));
  };

  return (
    <MenuTrigger>
      <Button
        className={`${editing.menuButton} ${sortType === DEFAULT_SORT_TYPE ? "" : styles.sortedButton}`}
        aria-label={`Sort ${pipeline.name}: ${SORT_TYPE_LABELS[sortType]}`}
      >
        <SortDescIcon aria-hidden />
      </Button>
      <Popover className={`${overlay.overlay} ${editing.popover} ${styles.popover}`} placement="bottom end">
        <Menu
          className={editing.menu}
          aria-label={`Sort ${pipeline.name}`}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={[sortType]}
          onAction={(key) => {
            const chosen = String(key);
            if (isSortType(chosen)) choose(chosen);
          }}
        >
          {SORT_TYPES.map((type) => (
            <MenuItem key={type} id={type} className={`${editing.menuItem} ${styles.item}`}>
              {({ isSelected }) => (
                <>
                  <span className={styles.check}>{isSelected ? <CheckIcon aria-hidden /> : null}</span>
                  {SORT_TYPE_LABELS[type]}
                </>
              )}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

/** Under a sorted pipeline's header: its sort, and that its cards cannot be reordered meanwhile. */
export function PipelineSortMessage({ pipelineId }: { pipelineId: string }) {
  const message = useBoardSelector((state) => state.board.sortedPipelinesEventMessage[pipelineId]);
  if (!message) return null;
  return (
    <p className={styles.message}>
      <SortDescIcon aria-hidden />
      {message}
    </p>
  );
}
