import { ChevronDownIcon, ChevronUpIcon } from "@primer/octicons-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { LOADER_DELAY_MS } from "../Loader";
import hidden from "../visually-hidden.module.css";
import styles from "./DataTable.module.css";

export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The column that names each row (a `<th scope="row">`). */
  rowHeader?: boolean;
  /** Makes the header a button that sorts the rows, ascending first. */
  compare?: (a: Row, b: Row) => number;
  /** A width for the column's header cell, e.g. "50%". */
  width?: string;
  /** `end` for a column of numbers: right-aligned, header and all, with figures of one width. */
  align?: "start" | "end";
  className?: string;
  /** The `title` of the cell (the exact value behind a relative one). */
  title?: (row: Row) => string | undefined;
}

interface DataTableProps<Row> {
  /** Names the table for assistive technology when no heading right above does. */
  label?: string;
  columns: Column<Row>[];
  /** `undefined` while the first page loads. */
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Shown instead of the table when `rows` is empty. */
  empty: ReactNode;
  /** Buttons acting on one row, in a last column with a hidden "Actions" header. */
  rowActions?: (row: Row) => ReactNode;
  /** How many placeholder rows stand for the rows still loading. */
  loadingRows?: number;
  /** Announced while loading. */
  loadingLabel?: string;
  /** `fixed` keeps column widths whatever the content (tables that line up on one page). */
  layout?: "auto" | "fixed";
  verticalAlign?: "top" | "middle";
  size?: "small" | "medium";
  /** A tall table scrolls inside a bordered box this high (a CSS length), its header kept in view. */
  maxHeight?: string;
}

type Sort = { key: string; direction: "ascending" | "descending" };

/**
 * A table of records: optional sorting by column, placeholder rows while loading (only after the
 * Loader's delay, before which there is no table at all), an empty state and per-row actions.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  rowActions,
  loadingRows = 3,
  loadingLabel = "Loading",
  layout = "auto",
  verticalAlign = "top",
  size = "small",
  maxHeight,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<Sort | null>(null);
  const sorted = useMemo(() => {
    const compare = sort ? columns.find((column) => column.key === sort.key)?.compare : undefined;
    if (!rows || !sort || !compare) return rows;
    const direction = sort.direction === "ascending" ? 1 : -1;
    return [...rows].sort((a, b) => direction * compare(a, b));
  }, [rows, sort, columns]);
  const showPlaceholders = useDelayed(rows === undefined);

  if (sorted && sorted.length === 0) return <>{empty}</>;
  // A quick first load shows nothing rather than flashing an empty frame.
  if (!sorted && !showPlaceholders) return null;
  const className = [
    styles.table,
    layout === "fixed" ? styles.fixed : null,
    verticalAlign === "middle" ? styles.middle : null,
    size === "medium" ? styles.medium : null,
  ]
    .filter(Boolean)
    .join(" ");
  const width = columns.length + (rowActions ? 1 : 0);
  return (
    <div
      className={[styles.scroller, maxHeight ? styles.contained : null].filter(Boolean).join(" ")}
      style={maxHeight ? { maxHeight } : undefined}
    >
      <table className={className} aria-label={label} aria-busy={rows === undefined || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={column.align === "end" ? styles.end : undefined}
                style={column.width ? { width: column.width } : undefined}
                aria-sort={column.compare ? (sort?.key === column.key ? sort.direction : "none") : undefined}
              >
                {column.compare ? (
                  <button
                    type="button"
                    className={styles.sort}
                    onClick={() =>
                      setSort((current) => ({
                        key: column.key,
                        direction:
                          current?.key === column.key && current.direction === "ascending" ? "descending" : "ascending",
                      }))
                    }
                  >
                    {column.header}
                    {sort?.key === column.key ? (
                      sort.direction === "ascending" ? (
                        <ChevronUpIcon aria-hidden />
                      ) : (
                        <ChevronDownIcon aria-hidden />
                      )
                    ) : null}
                  </button>
                ) : (
                  column.header
                )}
              </th>
            ))}
            {rowActions ? (
              <th scope="col">
                <span className={hidden.hidden}>Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {sorted
            ? sorted.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => {
                    const className = [column.className, column.align === "end" ? styles.end : null]
                      .filter(Boolean)
                      .join(" ");
                    const props = { className: className || undefined, title: column.title?.(row) };
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" {...props}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} {...props}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                  {rowActions ? (
                    <td>
                      <div className={styles.rowActions}>{rowActions(row)}</div>
                    </td>
                  ) : null}
                </tr>
              ))
            : showPlaceholders
              ? Array.from({ length: loadingRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
                  <tr key={index} aria-hidden>
                    {Array.from({ length: width }, (_, cell) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: as above
                      <td key={cell}>
                        <span className={styles.skeleton} />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
        </tbody>
      </table>
      {rows === undefined && showPlaceholders ? (
        <span role="status" className={hidden.hidden}>
          {loadingLabel}
        </span>
      ) : null}
    </div>
  );
}

/** True once `on` has held for the Loader's delay. */
function useDelayed(on: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [on]);
  return shown;
}
