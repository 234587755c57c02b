import { dropTargetForElements } from "@atlaskit/pragmatic-drag-and-drop/element/adapter";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, startTransition, useEffect, useRef, useState } from "react";
import { useIssueOpener } from "../issues/use-issue-opener";
import { LoadError } from "../ui/LoadError";
import { afterNextPaint } from "./after-paint";
import type { BoardPipeline } from "./api";
import styles from "./Board.module.css";
import { useBoardActions } from "./board-actions";
import { selectKeyboardDropIndex, selectSetting, selectVisibleIssueIds } from "./board-selectors";
import { useBoardSelector } from "./board-store";
import { isCardData, type PipelineDropData } from "./drag-data";
import { IssueCard } from "./IssueCard";
import { PipelineHeader } from "./PipelineHeader";
import { LANE_MIN_WIDTH, usePipelineLanes } from "./use-pipeline-lanes";

/** Cards this close to the end of what is loaded ask for the next page. */
const LOAD_AHEAD = 10;
const CARD_HEIGHT = { normal: 92, condensed: 44 };
/** Space between lanes, as between cards (--base-size-8). */
const LANE_GAP = 8;
/** Cards drawn past each end of what is in view, so a scroll shows cards already drawn. */
const OVERSCAN = 6;
/**
 * The same, until the column's first cards have painted (issue #32, decision 0106): its first
 * commit draws the cards in view and one more; the other overscanned cards follow in a time-sliced
 * render after that paint, not in the long task that paints the first cards.
 */
const FIRST_OVERSCAN = 1;

interface PipelineColumnProps {
  pipeline: BoardPipeline;
  /**
   * False for the first frames of a board whose columns draw their cards a few at a time
   * (use-staged-columns.ts): the column, its counts and its list's height are there, its cards not yet.
   */
  drawCards?: boolean;
}

/** A pipeline: its name and counts, then its cards, virtualised and read page by page as it scrolls. */
export const PipelineColumn = memo(function PipelineColumn({ pipeline, drawCards = true }: PipelineColumnProps) {
  const { id } = pipeline;
  const issueIds = useBoardSelector((state) => selectVisibleIssueIds(state, id));
  const pages = useBoardSelector((state) => state.boardIssues.pages[id]);
  const counts = useBoardSelector((state) => state.board.pipelineCounts[id]) ?? pipeline.issueCounts;
  const keyboardDropIndex = useBoardSelector((state) => selectKeyboardDropIndex(state, id));
  const movingId = useBoardSelector((state) => state.boardIssues.keyboardMove?.issueId);
  const isCondensed = useBoardSelector((state) => selectSetting(state, "isCondensedViewEnabled"));
  const showDescription = useBoardSelector((state) => selectSetting(state, "showPipelineDescriptions"));
  const isMultiColumn = useBoardSelector((state) => selectSetting(state, "areMultiColumnPipelinesEnabled"));
  const { loadNextPage } = useBoardActions();
  const openIssue = useIssueOpener();
  const columnRef = useRef<HTMLElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [isDropTarget, setIsDropTarget] = useState(false);
  const lanes = usePipelineLanes(
    scrollRef,
    isMultiColumn,
    isCondensed ? LANE_MIN_WIDTH.condensed : LANE_MIN_WIDTH.normal,
  );

  const [overscan, setOverscan] = useState(FIRST_OVERSCAN);

  const virtualizer = useVirtualizer({
    count: issueIds.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (isCondensed ? CARD_HEIGHT.condensed : CARD_HEIGHT.normal),
    getItemKey: (index) => issueIds[index] ?? index,
    overscan,
    lanes,
  });
  const items = drawCards ? virtualizer.getVirtualItems() : [];
  const lastShown = items.at(-1)?.index ?? -1;
  const hasCards = items.length > 0;

  useEffect(() => {
    if (!hasCards || overscan === OVERSCAN) return;
    return afterNextPaint(() => startTransition(() => setOverscan(OVERSCAN)));
  }, [hasCards, overscan]);

  useEffect(() => {
    if (!pages) {
      loadNextPage(id);
      return;
    }
    const nearEnd = lastShown >= issueIds.length - LOAD_AHEAD;
    // After the frame that shows the cards: a filter that leaves few cards paints before the board
    // sends for more (and its re-read usually overtakes this page).
    if (nearEnd && pages.hasNextPage && !pages.isLoading && !pages.error) return afterNextPaint(() => loadNextPage(id));
  }, [id, pages, lastShown, issueIds.length, loadNextPage]);

  useEffect(() => {
    const element = columnRef.current;
    if (!element) return;
    const data: PipelineDropData = { kind: "pipeline", pipelineId: id };
    return dropTargetForElements({
      element,
      canDrop: ({ source }) => isCardData(source.data),
      getData: () => data,
      onDragEnter: () => setIsDropTarget(true),
      onDragLeave: () => setIsDropTarget(false),
      onDrop: () => setIsDropTarget(false),
    });
  }, [id]);

  // The keyboard-moved card's drop line goes above the card at its index, counting the others only.
  const othersForDrop = keyboardDropIndex === null ? [] : issueIds.filter((issueId) => issueId !== movingId);
  const dropBeforeId = keyboardDropIndex === null ? undefined : othersForDrop[keyboardDropIndex];
  const dropAtEnd = keyboardDropIndex !== null && dropBeforeId === undefined;
  const isFirstLoad = issueIds.length === 0 && (!pages || pages.isLoading);

  return (
    <section
      ref={columnRef}
      className={`${styles.column} ${styles.pipelineColumn} ${isDropTarget ? styles.columnDropTarget : ""}`}
      aria-labelledby={`pipeline-${id}`}
    >
      <PipelineHeader pipeline={pipeline} counts={counts} showDescription={showDescription} />
      <div ref={scrollRef} className={styles.columnScroll}>
        {isFirstLoad ? <p className={styles.columnNote}>Loading issues…</p> : null}
        {pages && !pages.isLoading && !pages.error && issueIds.length === 0 ? (
          <p className={styles.columnNote}>No issues</p>
        ) : null}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users open a card with Enter on its title link, which clicks. */}
        <ul
          className={styles.cardList}
          aria-label={`Issues in ${pipeline.name}`}
          style={{ height: virtualizer.getTotalSize() }}
          onClick={openIssue}
        >
          {items.map((item) => {
            const issueId = issueIds[item.index] ?? "";
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={styles.cardSlot}
                style={{
                  transform: `translateY(${item.start}px)`,
                  left: `calc((100% + ${LANE_GAP}px) / ${lanes} * ${item.lane})`,
                  width: `calc((100% + ${LANE_GAP}px) / ${lanes} - ${LANE_GAP}px)`,
                }}
              >
                <IssueCard issueId={issueId} pipelineId={id} showDropLine={issueId === dropBeforeId} />
              </li>
            );
          })}
        </ul>
        {dropAtEnd ? <span className={`${styles.dropLine} ${styles.dropLineEnd}`} /> : null}
        {pages?.isLoading && issueIds.length > 0 ? <p className={styles.columnNote}>Loading more…</p> : null}
        {pages?.error ? (
          <LoadError error={new Error(pages.error)} onRetry={() => loadNextPage(id)}>
            Couldn't load these issues
          </LoadError>
        ) : null}
      </div>
    </section>
  );
});
