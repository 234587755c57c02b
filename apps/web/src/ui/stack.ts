import styles from "./Stack.module.css";

export interface StackLayout {
  /** `row` (the default) lays the children side by side; `column` one under the other. */
  direction?: "row" | "column";
  /** Pixels between children, from Primer's size scale; 8 unless given. */
  gap?: 4 | 8 | 12 | 16;
  /** Where the children sit across the direction; the browser's stretch unless given. */
  align?: "start" | "center" | "end";
  /** How the children share the room along the direction; packed at the start unless given. */
  justify?: "between" | "end";
  /** Lets a row break onto more lines on narrow screens. */
  wrap?: boolean;
}

const ALIGN = { start: styles.alignStart, center: styles.alignCenter, end: styles.alignEnd };
const JUSTIFY = { between: styles.justifyBetween, end: styles.justifyEnd };
const GAP = { 4: styles.gap4, 8: null, 12: styles.gap12, 16: styles.gap16 };

/**
 * The class names of a flex row or column, for any element (a header, a fieldset, a React Aria
 * part). Used from components rather than `composes`d from a screen's CSS: composing copies the
 * shared file into each lazy chunk, where its later rules undo the screen's own.
 */
export function stack({ direction = "row", gap = 8, align, justify, wrap = false }: StackLayout = {}): string {
  return [
    styles.stack,
    direction === "column" ? styles.column : null,
    wrap ? styles.wrap : null,
    align ? ALIGN[align] : null,
    justify ? JUSTIFY[justify] : null,
    GAP[gap],
  ]
    .filter(Boolean)
    .join(" ");
}
