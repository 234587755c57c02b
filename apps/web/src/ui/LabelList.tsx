import type { ReactNode } from "react";
import styles from "./LabelList.module.css";
import lists from "./plain-list.module.css";

/** A label's colour as a dot; the colour as GitHub gives it ("d73a4a") or as CSS ("#d73a4a"). */
export function LabelDot({ color }: { color: string }) {
  return (
    <span className={styles.dot} style={{ backgroundColor: color.startsWith("#") ? color : `#${color}` }} aria-hidden />
  );
}

export interface LabelListItem {
  key: string;
  name: ReactNode;
  /** Usually a `LabelDot`; none for a label without a colour. */
  icon?: ReactNode;
}

/** An issue's labels as a wrapping row of rounded pills, each its dot and name. */
export function LabelList({ labels, label }: { labels: LabelListItem[]; label?: string }) {
  return (
    <ul className={lists.row} aria-label={label}>
      {labels.map((item) => (
        <li key={item.key} className={styles.label}>
          {item.icon}
          {item.name}
        </li>
      ))}
    </ul>
  );
}
