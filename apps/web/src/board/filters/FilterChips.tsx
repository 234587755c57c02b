import { XIcon } from "@primer/octicons-react";
import iconButton from "../../ui/IconButton.module.css";
import lists from "../../ui/plain-list.module.css";
import { filterChanged } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import styles from "./FilterBar.module.css";
import {
  activeEntries,
  FILTER_KEYS,
  FILTER_MENUS,
  type FilterKey,
  type FilterMode,
  withoutValue,
} from "./filter-menus";
import { useFilterOptions } from "./filter-options-api";

/** Keys whose values are what people read; the others hold ids and need their options to show a name. */
const NAMED_BY_VALUE = new Set<FilterKey>(["labels", "assignees", "authors", "issueTypes", "milestones", "estimates"]);
const shownValue = (key: FilterKey, value: string) => (key === "estimates" ? `${value} points` : value);

const MODE_PREFIX: Record<FilterMode, string> = {
  include: "",
  exclude: "not ",
  children: "",
  recursive: "",
};
const MODE_SUFFIX: Record<FilterMode, string> = {
  include: "",
  exclude: "",
  children: " (children)",
  recursive: " (all levels below)",
};

/** The active filters as removable chips, in the order they were first used (SPEC §3 filterOrder). */
export function FilterChips({ workspaceId }: { workspaceId: string }) {
  const filters = useBoardSelector((state) => state.board.filters);
  const filterOrder = useBoardSelector((state) => state.board.filterOrder);
  const rank = (key: FilterKey) => {
    const index = filterOrder.indexOf(key);
    return index === -1 ? filterOrder.length + FILTER_KEYS.indexOf(key) : index;
  };
  const keys = FILTER_KEYS.filter((key) => activeEntries(filters, key).length > 0).sort((a, b) => rank(a) - rank(b));
  if (keys.length === 0) return null;
  return (
    <ul className={lists.row} aria-label="Active filters">
      {keys.map((key) => (
        <KeyChips key={key} workspaceId={workspaceId} filterKey={key} />
      ))}
    </ul>
  );
}

function KeyChips({ workspaceId, filterKey }: { workspaceId: string; filterKey: FilterKey }) {
  const filters = useBoardSelector((state) => state.board.filters);
  const dispatch = useBoardDispatch();
  const menu = FILTER_MENUS[filterKey];
  const options = useFilterOptions(workspaceId, filterKey, "", !NAMED_BY_VALUE.has(filterKey));
  const nameOf = (value: string) =>
    menu.special.find((option) => option.id === value)?.label ??
    options.data?.find((option) => option.id === value)?.label ??
    (NAMED_BY_VALUE.has(filterKey) ? shownValue(filterKey, value) : options.isPending ? "…" : "Unknown");

  return activeEntries(filters, filterKey).map(({ mode, value }) => {
    const text = `${menu.label}: ${MODE_PREFIX[mode]}${nameOf(value)}${MODE_SUFFIX[mode]}`;
    return (
      <li key={`${mode}:${value}`} className={`${styles.chip} ${mode === "exclude" ? styles.chipExcluded : ""}`}>
        <span className={styles.chipText}>{text}</span>
        <button
          type="button"
          className={`${iconButton.quiet} ${styles.chipRemove}`}
          aria-label={`Remove ${text}`}
          onClick={() =>
            dispatch(filterChanged({ key: filterKey, filters: withoutValue(filters, filterKey, mode, value) }))
          }
        >
          <XIcon size={12} aria-hidden />
        </button>
      </li>
    );
  });
}
