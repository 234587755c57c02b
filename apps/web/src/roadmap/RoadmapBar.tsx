import { type BarEdit, barGeometry, dayNumber, editedDates, pixelsToDays } from "@gantry/domain";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import styles from "./Roadmap.module.css";
import { ROADMAP_KINDS, type RoadmapItem } from "./roadmap-api";

interface Dates {
  startOn: string;
  endOn: string;
}

interface RoadmapBarProps {
  item: RoadmapItem & Dates;
  windowStart: number;
  /** The day after the timeline's last, as a slider's maximum. */
  windowEnd: number;
  dayWidth: number;
  canEdit: boolean;
  /** Written once the person lets go (pointer) or stops pressing keys for a moment (keyboard). */
  onChange: (dates: Dates) => void;
}

/** Keys pressed within this long count as one change, so holding an arrow saves once. */
export const KEY_COMMIT_DELAY_MS = 600;

const MONTH_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const spoken = (day: string) => MONTH_DAY.format(new Date(`${day}T00:00:00`));

/** Which change a key asks for: arrows move a day, Shift+arrows move the end, Alt+Shift+arrows the start. */
function keyEdit(event: KeyboardEvent): { edit: BarEdit; days: number } | null {
  const days = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
  if (days === 0) return null;
  if (event.shiftKey && event.altKey) return { edit: "start", days };
  if (event.shiftKey) return { edit: "end", days };
  return { edit: "move", days };
}

/**
 * One item's bar: dragged by its middle to move, by its edges to change start or end; focused and
 * moved with the arrow keys. The drawn dates follow the pointer; nothing is saved until the drop.
 */
export function RoadmapBar({ item, windowStart, windowEnd, dayWidth, canEdit, onChange }: RoadmapBarProps) {
  const [preview, setPreview] = useState<Dates | null>(null);
  const drag = useRef<{ edit: BarEdit; x: number } | null>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shown = preview ?? item;
  const { left, width } = barGeometry(shown, windowStart, dayWidth);
  const done = item.issues.total === 0 ? 0 : item.issues.closed / item.issues.total;

  useEffect(
    () => () => {
      if (keyTimer.current) clearTimeout(keyTimer.current);
    },
    [],
  );

  const finish = (dates: Dates | null) => {
    setPreview(null);
    if (dates && (dates.startOn !== item.startOn || dates.endOn !== item.endOn)) onChange(dates);
  };

  // Handles capture the pointer themselves; their moves and the drop bubble up to the bar's handlers.
  const onPointerDown = (edit: BarEdit) => (event: PointerEvent<HTMLElement>) => {
    if (!canEdit || event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { edit, x: event.clientX };
    setPreview(item);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    setPreview(editedDates(item, drag.current.edit, pixelsToDays(event.clientX - drag.current.x, dayWidth)));
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!drag.current) return;
    const { edit, x } = drag.current;
    drag.current = null;
    finish(editedDates(item, edit, pixelsToDays(event.clientX - x, dayWidth)));
  };
  const onPointerCancel = () => {
    drag.current = null;
    setPreview(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!canEdit) return;
    if (event.key === "Escape" && preview) {
      if (keyTimer.current) clearTimeout(keyTimer.current);
      setPreview(null);
      return;
    }
    const change = keyEdit(event);
    if (!change) return;
    event.preventDefault();
    const next = editedDates(preview ?? item, change.edit, change.days);
    setPreview(next);
    if (keyTimer.current) clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => finish(next), KEY_COMMIT_DELAY_MS);
  };

  const kind = ROADMAP_KINDS[item.type].name;
  const length = dayNumber(shown.endOn) - dayNumber(shown.startOn) + 1;
  const valueText =
    `${spoken(shown.startOn)} to ${spoken(shown.endOn)}, ${length} ${length === 1 ? "day" : "days"}, ` +
    `${item.issues.closed} of ${item.issues.total} issues closed`;

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`${kind} ${item.title}`}
      aria-roledescription="timeline bar"
      aria-orientation="horizontal"
      aria-valuemin={windowStart}
      aria-valuemax={windowEnd}
      aria-valuenow={dayNumber(shown.startOn)}
      aria-valuetext={valueText}
      aria-readonly={!canEdit}
      aria-keyshortcuts={
        canEdit
          ? "ArrowLeft ArrowRight Shift+ArrowLeft Shift+ArrowRight Alt+Shift+ArrowLeft Alt+Shift+ArrowRight"
          : undefined
      }
      className={[
        styles.bar,
        item.type === "RELEASE" ? styles.releaseBar : styles.epicBar,
        preview ? styles.dragging : "",
      ]
        .filter(Boolean)
        .join(" ")}
      style={{ left, width }}
      data-start={shown.startOn}
      data-end={shown.endOn}
      onPointerDown={onPointerDown("move")}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      onKeyDown={onKeyDown}
      data-editable={canEdit || undefined}
    >
      {canEdit ? (
        <span
          className={`${styles.handle} ${styles.handleStart}`}
          data-handle="start"
          onPointerDown={onPointerDown("start")}
        />
      ) : null}
      <span className={styles.barTitle}>{item.title}</span>
      <span className={styles.barProgress} aria-hidden>
        <span className={styles.barProgressDone} style={{ width: `${done * 100}%` }} />
      </span>
      {canEdit ? (
        <span
          className={`${styles.handle} ${styles.handleEnd}`}
          data-handle="end"
          onPointerDown={onPointerDown("end")}
        />
      ) : null}
      {preview ? (
        <span className={styles.dragDates} aria-live="polite">
          {spoken(preview.startOn)} – {spoken(preview.endOn)}
        </span>
      ) : null}
    </div>
  );
}
