import { type BoardFilters, matchesSearch, type SearchQuery } from "@gantry/domain";
import { TriangleDownIcon } from "@primer/octicons-react";
import { useCallback, useState } from "react";
import { Button, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { SprintsEmptyState } from "../../sprints/SprintsEmptyState";
import { useSprintsModal } from "../../sprints/use-sprints-modal";
import { SelectionList, type SelectionOption } from "../../ui/selection-list/SelectionList";
import hidden from "../../ui/visually-hidden.module.css";
import { filterChanged } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import styles from "./FilterBar.module.css";
import {
  activeEntries,
  FILTER_MENUS,
  type FilterKey,
  type FilterMode,
  MODE_LABELS,
  selectedValues,
  withSelectedValues,
} from "./filter-menus";
import { searchedOnServer, useFilterOptions } from "./filter-options-api";

const NO_QUERY: SearchQuery = { term: "", negated: false, caseSensitive: false };

interface FilterMenuProps {
  workspaceId: string;
  filterKey: FilterKey;
}

/** One filter's button and its searchable selection list (SPEC §2), with Show / Hide tabs where `:not` exists. */
export function FilterMenu({ workspaceId, filterKey }: FilterMenuProps) {
  const menu = FILTER_MENUS[filterKey];
  const filters = useBoardSelector((state) => state.board.filters);
  const [isOpen, setOpen] = useState(false);
  const count = activeEntries(filters, filterKey).length;
  const sprintsModal = useSprintsModal(workspaceId);
  const setUpSprints = () => {
    setOpen(false);
    sprintsModal.open();
  };

  return (
    <>
      <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
        <Button className={`${styles.menuButton} ${count ? styles.menuButtonActive : ""}`}>
          {menu.label}
          {count > 0 && (
            <span className={styles.count}>
              {count}
              <span className={hidden.hidden}> selected</span>
            </span>
          )}
          <TriangleDownIcon aria-hidden />
        </Button>
        <Popover className={styles.popover} placement="bottom start" offset={4}>
          <Dialog className={styles.popoverDialog} aria-label={`${menu.label} filter`}>
            <FilterList
              workspaceId={workspaceId}
              filterKey={filterKey}
              filters={filters}
              onClose={() => setOpen(false)}
              onSetUpSprints={setUpSprints}
            />
          </Dialog>
        </Popover>
      </DialogTrigger>
      {sprintsModal.modal}
    </>
  );
}

interface FilterListProps extends FilterMenuProps {
  filters: BoardFilters;
  onClose: () => void;
  onSetUpSprints: () => void;
}

function FilterList({ workspaceId, filterKey, filters, onClose, onSetUpSprints }: FilterListProps) {
  const menu = FILTER_MENUS[filterKey];
  const dispatch = useBoardDispatch();
  const [mode, setMode] = useState<FilterMode>(menu.modes[0] ?? "include");
  const [query, setQuery] = useState<SearchQuery>(NO_QUERY);
  const onServer = searchedOnServer(filterKey);
  // The server searches for what is wanted; a `not:` term is applied here, over what it sent.
  const serverText = onServer && !query.negated ? query.term : "";
  const options = useFilterOptions(workspaceId, filterKey, serverText);
  const onQueryChange = useCallback((next: SearchQuery) => setQuery(next), []);

  const offerSpecial = mode === "include" && (!query.term || query.negated);
  const fetched = options.data ?? [];
  const listed: SelectionOption[] = [...(offerSpecial ? menu.special : []), ...fetched].filter(
    (option) => (onServer && !query.negated) || matchesSearch(option.label, query),
  );

  const negatable = menu.modes.includes("exclude");
  return (
    <SelectionList
      label={menu.label}
      selectionMode="multiple"
      options={listed}
      selectedIds={selectedValues(filters, filterKey, mode)}
      onSelectionChange={(values) =>
        dispatch(filterChanged({ key: filterKey, filters: withSelectedValues(filters, filterKey, mode, values) }))
      }
      onClose={onClose}
      search={{ placeholder: menu.placeholder, allowNegation: negatable, onQueryChange }}
      tabs={
        menu.modes.length > 1
          ? {
              items: menu.modes.map((id) => ({ id, label: MODE_LABELS[id] })),
              activeId: mode,
              onChange: (id) => setMode(id as FilterMode),
            }
          : undefined
      }
      onLoadMore={options.hasNextPage ? () => void options.fetchNextPage() : undefined}
      footer={
        options.isError ? (
          <span role="alert">Could not load the options: {options.error.message}</span>
        ) : options.isPending ? (
          "Loading…"
        ) : fetched.length === 0 && filterKey === "sprints" ? (
          <SprintsEmptyState workspaceId={workspaceId} onSetUp={onSetUpSprints} />
        ) : fetched.length === 0 || listed.length === 0 ? (
          menu.empty
        ) : undefined
      }
    />
  );
}
