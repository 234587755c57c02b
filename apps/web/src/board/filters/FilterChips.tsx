import {
  type BoardFilters,
  DEFAULT_ISSUE_TYPE_DISPOSITION,
  type IssueTypeDispositionFilter,
  type ParentIssueSetting,
} from "@gantry/domain";
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

/**
 * The filters a link, a saved view or the public API can set but no menu offers (decision 0100), named so a board
 * showing fewer cards says why (decision 0103).
 */
const PARENT_ISSUE_SETTING_TEXT: Record<ParentIssueSetting, string> = {
  parents_with_children: "Parent issues: parents and their sub-issues",
  parents_only: "Parent issues: parents only",
  not_in_parent: "Parent issues: not in a parent",
  not_a_parent: "Parent issues: not a parent",
};
const DISPOSITION_TEXT: Record<IssueTypeDispositionFilter, string> = {
  ANY: "Issue types: any",
  BOARD: "Issue types: shown on the board",
  BOARD_ONLY: "Issue types: board only",
  PLANNING_PANEL: "Issue types: shown on the planning panel",
  PLANNING_PANEL_ONLY: "Issue types: planning panel only",
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
  const linkOnly = linkOnlyChips(filters);
  if (keys.length === 0 && linkOnly.length === 0) return null;
  return (
    <ul className={lists.row} aria-label="Active filters">
      {keys.map((key) => (
        <KeyChips key={key} workspaceId={workspaceId} filterKey={key} />
      ))}
      {linkOnly.map(({ text, key, without }) => (
        <LinkOnlyChip key={text} text={text} filterKey={key} without={without} />
      ))}
    </ul>
  );
}

/** The chips of the filters no menu offers, each with the filters it leaves when removed. */
function linkOnlyChips(filters: BoardFilters): { text: string; key: string; without: BoardFilters }[] {
  const chips = filters.parentIssues.settings.map((setting) => ({
    text: PARENT_ISSUE_SETTING_TEXT[setting as ParentIssueSetting] ?? `Parent issues: ${setting}`,
    key: "parentIssues",
    without: {
      ...filters,
      parentIssues: {
        ...filters.parentIssues,
        settings: filters.parentIssues.settings.filter((kept) => kept !== setting),
      },
    },
  }));
  if (filters.issueTypeDisposition === DEFAULT_ISSUE_TYPE_DISPOSITION) return chips;
  return [
    ...chips,
    {
      text: DISPOSITION_TEXT[filters.issueTypeDisposition],
      key: "issueTypeDisposition",
      without: { ...filters, issueTypeDisposition: DEFAULT_ISSUE_TYPE_DISPOSITION },
    },
  ];
}

function LinkOnlyChip({ text, filterKey, without }: { text: string; filterKey: string; without: BoardFilters }) {
  const dispatch = useBoardDispatch();
  return (
    <Chip text={text} excluded={false} onRemove={() => dispatch(filterChanged({ key: filterKey, filters: without }))} />
  );
}

/** One active filter: what it keeps, and a button that takes it off. */
function Chip({ text, excluded, onRemove }: { text: string; excluded: boolean; onRemove: () => void }) {
  return (
    <li className={`${styles.chip} ${excluded ? styles.chipExcluded : ""}`}>
      <span className={styles.chipText}>{text}</span>
      <button
        type="button"
        className={`${iconButton.quiet} ${styles.chipRemove}`}
        aria-label={`Remove ${text}`}
        onClick={onRemove}
      >
        <XIcon size={12} aria-hidden />
      </button>
    </li>
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
      <Chip
        key={`${mode}:${value}`}
        text={text}
        excluded={mode === "exclude"}
        onRemove={() =>
          dispatch(filterChanged({ key: filterKey, filters: withoutValue(filters, filterKey, mode, value) }))
        }
      />
    );
  });
}
