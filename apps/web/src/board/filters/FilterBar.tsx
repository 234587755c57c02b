import { completeNegationPrefix, type FilterLogic, SEARCH_DEBOUNCE_MS, searchPlaceholder } from "@gantry/domain";
import { SearchIcon, XIcon } from "@primer/octicons-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import form from "../../ui/form.module.css";
import iconButton from "../../ui/IconButton.module.css";
import { Toolbar } from "../../ui/Toolbar";
import { activeSavedViewSet, filterLogicSet, filtersCleared, searchChanged, searchCleared } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import { BucketBanner } from "./BucketBanner";
import styles from "./FilterBar.module.css";
import { FilterChips } from "./FilterChips";
import { FilterMenu } from "./FilterMenu";
import { FILTER_KEYS, hasActiveFilters } from "./filter-menus";
import { SavedViewsMenu } from "./SavedViewsMenu";
import { useBoardLink } from "./use-board-link";
import { useFilteredCounts } from "./use-filtered-counts";
import { useRefilter } from "./use-refilter";

/** The board's search, filter menus, filter logic, saved views and active filters (SPEC §2 Board "Filters"). */
export function FilterBar({ workspaceId }: { workspaceId: string }) {
  useBoardLink(workspaceId);
  useFilteredCounts(workspaceId);
  useRefilter();
  const filters = useBoardSelector((state) => state.board.filters);
  const dispatch = useBoardDispatch();
  const hasFilters = hasActiveFilters(filters);

  return (
    <section className={styles.bar} aria-label="Filters">
      <BucketBanner workspaceId={workspaceId} />
      <Toolbar>
        <BoardSearch />
        <div className={styles.menus}>
          {FILTER_KEYS.map((key) => (
            <FilterMenu key={key} workspaceId={workspaceId} filterKey={key} />
          ))}
        </div>
        <FilterLogicToggle />
        <SavedViewsMenu workspaceId={workspaceId} />
        {hasFilters && (
          <Button
            onClick={() => {
              dispatch(filtersCleared());
              dispatch(activeSavedViewSet(null));
            }}
          >
            Clear filters
          </Button>
        )}
      </Toolbar>
      <FilterChips workspaceId={workspaceId} />
    </section>
  );
}

/**
 * The board's search text (SPEC §5 "Search input"): sent 300 ms after typing stops; `not:` terms
 * exclude, and Tab after "n", "no" or "not" completes to "not:" as in selection lists.
 */
function BoardSearch() {
  const search = useBoardSelector((state) => state.board.filters.search);
  const dispatch = useBoardDispatch();
  const [text, setText] = useState(search);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A link, a saved view or Clear search changed the text from outside.
  useEffect(() => {
    clearTimeout(timer.current);
    setText(search);
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => dispatch(searchChanged(value)), SEARCH_DEBOUNCE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const completion = event.key === "Tab" && !event.shiftKey ? completeNegationPrefix(text) : null;
    if (!completion) return;
    event.preventDefault();
    change(completion);
  };

  return (
    <div className={styles.search}>
      <SearchIcon className={form.searchIcon} aria-hidden />
      <input
        type="search"
        className={styles.searchInput}
        aria-label="Search issues"
        placeholder={searchPlaceholder("Search issues", true)}
        value={text}
        onChange={(event) => change(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        spellCheck={false}
      />
      {text && (
        <button
          type="button"
          className={`${iconButton.quiet} ${styles.clearSearch}`}
          aria-label="Clear search"
          onClick={() => {
            clearTimeout(timer.current);
            setText("");
            dispatch(searchCleared());
          }}
        >
          <XIcon aria-hidden />
        </button>
      )}
    </div>
  );
}

const LOGIC_LABELS: Record<FilterLogic, string> = { all: "All", any: "Any" };

/** SPEC §9: filters combine with All by default; Any keeps issues matching at least one. */
function FilterLogicToggle() {
  const filterLogic = useBoardSelector((state) => state.board.filterLogic);
  const dispatch = useBoardDispatch();
  return (
    <fieldset className={styles.logic}>
      <legend className={styles.logicLegend}>Match</legend>
      {(["all", "any"] as const).map((logic) => (
        <label key={logic} className={`${styles.logicOption} ${filterLogic === logic ? styles.logicChosen : ""}`}>
          <input
            type="radio"
            name="filter-logic"
            value={logic}
            checked={filterLogic === logic}
            onChange={() => dispatch(filterLogicSet(logic))}
          />
          {LOGIC_LABELS[logic]}
        </label>
      ))}
    </fieldset>
  );
}
