import styles from "./Board.module.css";
import { selectionCleared } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";

/** How many cards are selected (Ctrl, Cmd or Shift and click), and a way to clear them. */
export function SelectionBar() {
  const count = useBoardSelector((state) => state.board.selectedIssueIds.length);
  const dispatch = useBoardDispatch();
  if (count === 0) return null;
  return (
    <p className={styles.selection}>
      {count} selected
      <button type="button" className={styles.linkButton} onClick={() => dispatch(selectionCleared())}>
        Clear selection
      </button>
    </p>
  );
}
