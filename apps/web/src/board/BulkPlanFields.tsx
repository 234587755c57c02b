import { estimateError, SEARCH_DEBOUNCE_MS } from "@gantry/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import type { SelectionOption } from "../ui/selection-list/SelectionList";
import { useDebouncedValue } from "../ui/use-debounced-value";
import styles from "./BulkActions.module.css";
import type { BulkAction } from "./bulk-requests";
import { useFilterOptions } from "./filters/filter-options-api";

interface PlanFieldsProps {
  formId: string;
  onSubmit: (action: BulkAction) => void;
  actions: (submitText: string) => ReactNode;
}

/** One estimate for every selected issue; empty clears it. Checked by the rule the server applies. */
export function EstimateFields({ formId, onSubmit, actions }: PlanFieldsProps) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const value = trimmed === "" ? null : Number(trimmed);
    const message = value === null ? null : estimateError(value);
    if (message) {
      setError(message);
      return;
    }
    onSubmit({ kind: "estimate", value });
  };
  return (
    <form id={formId} className={form.form} onSubmit={submit}>
      <div className={form.field}>
        <label className={form.label} htmlFor={`${formId}-estimate`}>
          Estimate
        </label>
        <input
          id={`${formId}-estimate`}
          className={form.input}
          inputMode="decimal"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${formId}-estimate-hint`}
          onChange={(event) => {
            setError(null);
            setText(event.target.value);
          }}
        />
        <span id={`${formId}-estimate-hint`} className={form.hint}>
          Story points; leave it empty to clear the estimates.
        </span>
      </div>
      {error ? <p className={form.error}>{error}</p> : null}
      {actions(text.trim() === "" ? "Clear estimates" : "Set estimate")}
    </form>
  );
}

export type AddOrRemoveMode = "add" | "remove";

/** Whether a bulk action adds what is picked or takes it away; `words` name both, and the submit button says the chosen. */
export function AddOrRemove({
  mode,
  onChange,
  words,
}: {
  mode: AddOrRemoveMode;
  onChange: (mode: AddOrRemoveMode) => void;
  words: Record<AddOrRemoveMode, string>;
}) {
  return (
    <fieldset className={styles.choices}>
      <legend className={form.label}>Change</legend>
      {(["add", "remove"] as const).map((value) => (
        <label key={value} className={form.checkbox}>
          <input type="radio" name="mode" checked={mode === value} onChange={() => onChange(value)} />
          {words[value]}
        </label>
      ))}
    </fieldset>
  );
}

const PLANS = {
  sprint: { key: "sprints", noun: "sprint", legend: "Sprints", add: "addToSprints", remove: "removeFromSprints" },
  epic: { key: "gantryEpics", noun: "epic", legend: "Epics", add: "addToEpics", remove: "removeFromEpics" },
} as const;

/**
 * Adds the selected issues to (or takes them out of) some of the workspace's sprints or Gantry
 * epics. A workspace can hold hundreds: the list is searched on the server and read a page at a
 * time, and what was picked stays listed and picked whatever the search shows.
 */
export function PlanPicker({
  plan,
  workspaceId,
  formId,
  onSubmit,
  actions,
}: PlanFieldsProps & { plan: keyof typeof PLANS; workspaceId: string }) {
  const { key, noun, legend, add, remove } = PLANS[plan];
  const [text, setText] = useState("");
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const options = useFilterOptions(workspaceId, key, query);
  const [mode, setMode] = useState<AddOrRemoveMode>("add");
  const words = { add: `Add to ${noun}s`, remove: `Remove from ${noun}s` };
  const [picked, setPicked] = useState<SelectionOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) {
      setError(`Choose at least one ${noun}.`);
      return;
    }
    const kind = mode === "add" ? add : remove;
    const ids = picked.map((option) => option.id);
    onSubmit(
      kind === "addToSprints" || kind === "removeFromSprints" ? { kind, sprintIds: ids } : { kind, gantryEpicIds: ids },
    );
  };
  const isPicked = (option: SelectionOption) => picked.some((chosen) => chosen.id === option.id);
  const listed = [...picked, ...(options.data ?? []).filter((option) => !isPicked(option))];
  const toggle = (option: SelectionOption, checked: boolean) => {
    setError(null);
    setPicked(checked ? [...picked, option] : picked.filter((chosen) => chosen.id !== option.id));
  };
  return (
    <form id={formId} className={form.form} onSubmit={submit}>
      <AddOrRemove mode={mode} onChange={setMode} words={words} />
      <fieldset className={styles.choices}>
        <legend className={form.label}>{legend}</legend>
        <input
          type="search"
          className={form.input}
          aria-label={`Search ${noun}s`}
          placeholder={`Search ${noun}s`}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {listed.length > 0 ? (
          <div className={styles.names}>
            {listed.map((option) => (
              <label key={option.id} className={form.checkbox}>
                <input
                  type="checkbox"
                  checked={isPicked(option)}
                  onChange={(event) => toggle(option, event.target.checked)}
                />
                {option.description ? `${option.label} (${option.description})` : option.label}
              </label>
            ))}
          </div>
        ) : null}
        {options.isPending ? (
          <p className={form.hint}>Loading {noun}s…</p>
        ) : options.isError ? (
          <p className={form.error}>The {noun}s could not be loaded.</p>
        ) : listed.length === 0 ? (
          <p className={form.hint}>{query ? `No ${noun}s match “${query}”.` : `This workspace has no ${noun}s yet.`}</p>
        ) : null}
        {options.hasNextPage ? (
          <Button disabled={options.isFetchingNextPage} onClick={() => void options.fetchNextPage()}>
            {options.isFetchingNextPage ? `Loading more ${noun}s…` : `Show more ${noun}s`}
          </Button>
        ) : null}
      </fieldset>
      {error ? <p className={form.error}>{error}</p> : null}
      {actions(words[mode])}
    </form>
  );
}
