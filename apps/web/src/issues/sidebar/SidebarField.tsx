import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Dialog, Popover } from "react-aria-components";
import lists from "../../ui/plain-list.module.css";
import { SelectionList, type SelectionOption } from "../../ui/selection-list/SelectionList";
import { useToasts } from "../../ui/toast/toast-context";
import type { ViewedIssue } from "../issue-api";
import type { ApplyChange } from "./field-changes";
import { CLEAR_OPTION_ID, FIELD_OPTIONS } from "./field-options";
import styles from "./IssueSidebar.module.css";
import { type SidebarFieldSpec, shortcutText } from "./sidebar-fields";

interface SidebarFieldProps {
  spec: SidebarFieldSpec;
  issue: ViewedIssue;
  workspaceId: string | null;
  values: SelectionOption[];
  /** Null when this field cannot be changed here; the button is then disabled. */
  apply: ApplyChange | null;
  /** Why the button is disabled, as its tooltip. */
  disabledReason: string | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Reads the issue again after a change; the optimistic values stay until it has. */
  onApplied: () => Promise<void>;
  renderValues?: (values: SelectionOption[]) => ReactNode;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/**
 * One sidebar row: a button naming the field, opening its picker, and the field's values beside it.
 * Picks apply when the picker closes (as SPEC §2's sprint selector does), shown at once and taken
 * back with a message if the server refuses them.
 */
export function SidebarField({
  spec,
  issue,
  workspaceId,
  values,
  apply,
  disabledReason,
  isOpen,
  onOpenChange,
  onApplied,
  renderValues = defaultValues,
}: SidebarFieldProps) {
  const toasts = useToasts();
  const [draft, setDraft] = useState<string[]>([]);
  // Read when the list closes, which can follow a pick before its re-render (a single-select list closes on pick).
  const draftRef = useRef<string[]>([]);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const known = useRef(new Map<string, SelectionOption>());
  const [pending, setPending] = useState<SelectionOption[] | null>(null);
  const shown = pending ?? values;
  const keys = shortcutText(spec.shortcut);

  const commit = useCallback(
    async (selected: string[]) => {
      const before = values.map((value) => value.id);
      const kept = selected.filter((id) => id !== CLEAR_OPTION_ID);
      if (!apply || sameIds(before, kept)) return;
      setPending(kept.map((id) => known.current.get(id) ?? { id, label: id }));
      try {
        await apply({
          selected,
          added: kept.filter((id) => !before.includes(id)),
          removed: before.filter((id) => !kept.includes(id)),
        });
      } catch (error) {
        toasts.show({
          kind: "error",
          message: `${spec.label} was not changed: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      // Read again either way: a refusal after part of a change (labels added, then one removal
      // refused) leaves the issue as the server holds it, which is what the row then shows.
      try {
        await onApplied();
      } finally {
        setPending(null);
      }
    },
    [apply, values, onApplied, toasts, spec.label],
  );

  // However the picker opened (its button, its key, the command palette), it starts from what is shown.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen && !wasOpen.current) {
      draftRef.current = shown.map((value) => value.id);
      setDraft(draftRef.current);
      known.current = new Map(shown.map((value) => [value.id, value]));
    }
    wasOpen.current = isOpen;
  });

  const openChange = (open: boolean) => {
    if (!open && isOpen) void commit(draftRef.current);
    onOpenChange(open);
  };

  return (
    <div className={styles.row}>
      {/* A native button, so it can carry aria-keyshortcuts and a tooltip saying why it is disabled. */}
      <button
        ref={buttonRef}
        type="button"
        className={styles.fieldButton}
        disabled={disabledReason !== null}
        aria-keyshortcuts={keys}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        title={disabledReason ?? `${spec.title} (${keys})`}
        onClick={() => openChange(true)}
      >
        <span>{spec.label}</span>
        <kbd className={styles.key} aria-hidden>
          {keys}
        </kbd>
      </button>
      <Popover
        triggerRef={buttonRef}
        isOpen={isOpen}
        onOpenChange={openChange}
        className={styles.popover}
        placement="bottom end"
        offset={4}
      >
        <Dialog className={styles.popoverDialog} aria-label={spec.title}>
          <FieldPicker
            spec={spec}
            issue={issue}
            workspaceId={workspaceId ?? ""}
            selectedIds={draft}
            onSelectionChange={(ids, options) => {
              draftRef.current = ids;
              setDraft(ids);
              for (const option of options) known.current.set(option.id, option);
            }}
            onClose={() => openChange(false)}
          />
        </Dialog>
      </Popover>
      <div className={styles.values} aria-busy={pending !== null || undefined}>
        {shown.length === 0 ? <span className={styles.none}>{spec.empty}</span> : renderValues(shown)}
      </div>
    </div>
  );
}

function defaultValues(values: SelectionOption[]) {
  return (
    <ul className={`${lists.column} ${styles.list}`}>
      {values.map((value) => (
        <li key={value.id}>
          {value.icon}
          <span className={styles.text}>{value.label}</span>
        </li>
      ))}
    </ul>
  );
}

interface FieldPickerProps {
  spec: SidebarFieldSpec;
  issue: ViewedIssue;
  workspaceId: string;
  selectedIds: string[];
  onSelectionChange: (ids: string[], options: SelectionOption[]) => void;
  onClose: () => void;
}

function FieldPicker({ spec, issue, workspaceId, selectedIds, onSelectionChange, onClose }: FieldPickerProps) {
  const [query, setQuery] = useState("");
  const useOptions = FIELD_OPTIONS[spec.key];
  const list = useOptions({ workspaceId, issue, query });
  const onQueryChange = useCallback((next: { term: string }) => setQuery(next.term), []);
  const single = spec.selectionMode === "single";
  // Labels are names: one typed and not listed is added as it is (Enter).
  const typedLabel = spec.key === "labels" ? (text: string) => addTyped(text) : undefined;
  const addTyped = (text: string) => {
    const name = text.trim();
    if (name && !selectedIds.includes(name)) onSelectionChange([...selectedIds, name], [{ id: name, label: name }]);
  };

  return (
    <SelectionList
      label={spec.title}
      selectionMode={spec.selectionMode}
      options={list.options}
      selectedIds={single && selectedIds.length === 0 ? [CLEAR_OPTION_ID] : selectedIds}
      onSelectionChange={(ids) =>
        onSelectionChange(
          ids,
          list.options.filter((option) => ids.includes(option.id)).map((option) => list.shownAs?.(option) ?? option),
        )
      }
      onClose={onClose}
      search={{
        placeholder: spec.placeholder,
        caseSensitive: list.keepsCase,
        onQueryChange: list.onServer ? onQueryChange : undefined,
        onSubmit: typedLabel,
      }}
      onLoadMore={list.loadMore}
      footer={
        list.error ? (
          <span role="alert">Could not load the options: {list.error}</span>
        ) : list.isPending ? (
          "Loading…"
        ) : list.options.length === 0 ? (
          typedLabel ? (
            "No labels yet: type one and press Enter."
          ) : (
            "Nothing to pick"
          )
        ) : (
          list.hint
        )
      }
    />
  );
}
