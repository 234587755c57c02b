import { useEffect, useState } from "react";
import { firstCardsDrawn } from "../app/first-cards";
import { afterNextPaint } from "./after-paint";
import { useBoardSelector } from "./board-store";

/** The narrowest a pipeline is drawn (Board.module.css: condensed, 240px) and the gap between two. */
const NARROWEST_COLUMN = 240 + 12;
/** Columns whose cards each later frame draws. */
export const COLUMNS_A_FRAME = 2;

/** The columns a window this wide can show side by side: the first frame with cards draws theirs. */
export function columnsInView(width: number): number {
  return Math.max(1, Math.ceil(width / NARROWEST_COLUMN));
}

/**
 * How many of the board's columns, from the left, draw their cards (issue #32: no task over 50 ms
 * while the first cards paint, decision 0101). The first cards arrive for every column at once;
 * drawn in one go, eight columns' cards and their drag set-up were one long task. The columns in
 * view draw theirs in the first frame, the rest COLUMNS_A_FRAME a frame after it. Starts counting
 * once some column's first page has arrived (before that there is nothing to draw), and only
 * grows: a column that has drawn its cards keeps them.
 */
export function useStagedColumns(count: number, width: number = window.innerWidth): number {
  const [drawn, setDrawn] = useState(() => columnsInView(width));
  const cardsArrived = useBoardSelector((state) =>
    Object.values(state.boardIssues.pages).some((pages) => pages !== undefined && !pages.isLoading),
  );
  // Once the first cards have painted, the shell reads what it deferred (app/first-cards.ts).
  useEffect(() => (cardsArrived ? afterNextPaint(firstCardsDrawn) : undefined), [cardsArrived]);
  useEffect(() => {
    if (!cardsArrived || drawn >= count) return;
    return afterNextPaint(() => setDrawn((current) => current + COLUMNS_A_FRAME));
  }, [cardsArrived, drawn, count]);
  return drawn;
}
