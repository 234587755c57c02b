import { matchesSearch, parseSearchQuery, SEARCH_DEBOUNCE_MS, type SearchQuery } from "@gantry/domain";
import { CheckIcon } from "@primer/octicons-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { useDebouncedValue } from "../use-debounced-value";
import { SearchBar } from "./SearchBar";
import styles from "./SelectionList.module.css";
import { SelectionTabs, type SelectionTabsProps, tabPanelIds } from "./SelectionTabs";
import { useInfiniteScroll } from "./use-infinite-scroll";

/** SPEC §9: a selection list is 320px × 425px unless told otherwise. */
export const SELECTION_LIST_WIDTH_PX = 320;
export const SELECTION_LIST_HEIGHT_PX = 425;

export interface SelectionOption {
  id: string;
  label: string;
  description?: string;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface SelectionSearch {
  placeholder: string;
  allowNegation?: boolean;
  caseSensitive?: boolean;
  /** Enter with no option highlighted submits what was typed (e.g. "create this label"). */
  onSubmit?: (text: string) => void;
  /** Searching elsewhere (the server) instead of filtering the given options here. */
  onQueryChange?: (query: SearchQuery) => void;
}

export interface SelectionListProps {
  label: string;
  selectionMode: "single" | "multiple";
  options: SelectionOption[];
  selectedIds: readonly string[];
  onSelectionChange: (ids: string[]) => void;
  onClose: () => void;
  search?: SelectionSearch;
  tabs?: SelectionTabsProps;
  onLoadMore?: () => void;
  footer?: ReactNode;
  /** A heading over the list. */
  title?: ReactNode;
  /** Shown in place of the options when none are listed. */
  empty?: ReactNode;
  width?: number;
  height?: number;
}

/**
 * SPEC §2 "Searchable selection lists". Focus stays in the search bar (or the list when there is
 * none); Up and Down move the highlight, Enter picks, Escape closes. A single-select list closes on pick.
 */
export function SelectionList({
  label,
  selectionMode,
  options,
  selectedIds,
  onSelectionChange,
  onClose,
  search,
  tabs,
  onLoadMore,
  footer,
  title,
  empty,
  width = SELECTION_LIST_WIDTH_PX,
  height = SELECTION_LIST_HEIGHT_PX,
}: SelectionListProps) {
  const baseId = useId();
  const [text, setText] = useState("");
  const [activeId, setActiveId] = useState<string | null>(null);
  const settledText = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const allowNegation = search?.allowNegation ?? false;
  const caseSensitive = search?.caseSensitive ?? false;
  const query = useMemo(
    () => parseSearchQuery(settledText, { allowNegation, caseSensitive }),
    [settledText, allowNegation, caseSensitive],
  );
  const onScroll = useInfiniteScroll(onLoadMore);

  const onQueryChange = search?.onQueryChange;
  useEffect(() => {
    onQueryChange?.(query);
  }, [onQueryChange, query]);

  const visible = onQueryChange ? options : options.filter((option) => matchesSearch(option.label, query));
  const choosable = visible.filter((option) => !option.disabled);
  const optionId = (id: string) => `${baseId}-option-${id}`;
  const activeOptionId =
    activeId && choosable.some((option) => option.id === activeId) ? optionId(activeId) : undefined;

  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView?.({ block: "nearest" });
  }, [activeOptionId]);

  const choose = (option: SelectionOption) => {
    if (option.disabled) return;
    if (selectionMode === "single") {
      onSelectionChange([option.id]);
      onClose();
      return;
    }
    const selected = selectedIds.includes(option.id);
    onSelectionChange(selected ? selectedIds.filter((id) => id !== option.id) : [...selectedIds, option.id]);
  };

  const moveHighlight = (step: 1 | -1) => {
    const index = choosable.findIndex((option) => option.id === activeId);
    const next = index === -1 ? (step === 1 ? choosable[0] : choosable.at(-1)) : choosable[index + step];
    if (next) setActiveId(next.id);
  };

  const onNavigationKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      moveHighlight(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const active = choosable.find((option) => option.id === activeId);
      if (active) choose(active);
      else search?.onSubmit?.(text);
    }
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onClose();
  };

  const listboxId = `${baseId}-listbox`;
  const panelProps = tabs
    ? {
        role: "tabpanel",
        id: tabPanelIds(baseId, tabs.activeId).panel,
        "aria-labelledby": tabPanelIds(baseId, tabs.activeId).tab,
      }
    : {};

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape from any control inside closes the list.
    <div className={styles.list} style={{ width, height }} onKeyDown={onRootKeyDown}>
      {title && <div className={styles.title}>{title}</div>}
      {search && (
        <SearchBar
          value={text}
          onChange={(value) => {
            setText(value);
            setActiveId(null);
          }}
          placeholder={search.placeholder}
          allowNegation={allowNegation}
          role="combobox"
          aria-label={label}
          aria-expanded="true"
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          onKeyDown={onNavigationKeyDown}
          // The list opens on request, so typing should search at once.
          autoFocus
        />
      )}
      {tabs && <SelectionTabs {...tabs} baseId={baseId} />}
      <div className={styles.scroller} onScroll={onScroll} {...panelProps}>
        <div
          id={listboxId}
          role="listbox"
          aria-label={label}
          aria-multiselectable={selectionMode === "multiple"}
          aria-activedescendant={search ? undefined : activeOptionId}
          tabIndex={search ? -1 : 0}
          className={styles.options}
          onKeyDown={search ? undefined : onNavigationKeyDown}
        >
          {visible.map((option) => {
            const selected = selectedIds.includes(option.id);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users pick through the search bar or list (aria-activedescendant).
              <div
                key={option.id}
                id={optionId(option.id)}
                role="option"
                aria-selected={selected}
                aria-disabled={option.disabled || undefined}
                className={`${styles.option} ${optionId(option.id) === activeOptionId ? styles.active : ""}`}
                tabIndex={-1}
                // Focus stays in the search bar, which owns the highlight.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => !option.disabled && setActiveId(option.id)}
              >
                <span className={styles.check} aria-hidden>
                  {selected && <CheckIcon />}
                </span>
                {option.icon}
                <span className={styles.optionText}>
                  <span className={styles.optionLabel}>{option.label}</span>
                  {option.description && <span className={styles.optionDescription}>{option.description}</span>}
                </span>
              </div>
            );
          })}
        </div>
        {visible.length === 0 && empty ? <div className={styles.empty}>{empty}</div> : null}
      </div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
