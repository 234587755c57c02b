import { estimateError } from "@gantry/domain";
import { type FormEvent, type ReactNode, useState } from "react";
import form from "../ui/form.module.css";
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

const PLANS = {
  sprint: { key: "sprints", noun: "sprint", legend: "Sprints", add: "addToSprints", remove: "removeFromSprints" },
  epic: { key: "gantryEpics", noun: "epic", legend: "Epics", add: "addToEpics", remove: "removeFromEpics" },
} as const;

/** Adds the selected issues to (or takes them out of) some of the workspace's sprints or Gantry epics. */
export function PlanPicker({
  plan,
  workspaceId,
  formId,
  onSubmit,
  actions,
}: PlanFieldsProps & { plan: keyof typeof PLANS; workspaceId: string }) {
  const { key, noun, legend, add, remove } = PLANS[plan];
  const options = useFilterOptions(workspaceId, key, "");
  const [mode, setMode] = useState<"add" | "remove">("add");
  const [picked, setPicked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) {
      setError(`Choose at least one ${noun}.`);
      return;
    }
    const kind = mode === "add" ? add : remove;
    onSubmit(
      kind === "addToSprints" || kind === "removeFromSprints"
        ? { kind, sprintIds: picked }
        : { kind, gantryEpicIds: picked },
    );
  };
  const choices = options.data ?? [];
  return (
    <form id={formId} className={form.form} onSubmit={submit}>
      <fieldset className={styles.choices}>
        <legend className={form.label}>Change</legend>
        {(["add", "remove"] as const).map((value) => (
          <label key={value} className={form.checkbox}>
            <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
            {value === "add" ? `Add to ${noun}s` : `Remove from ${noun}s`}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.choices}>
        <legend className={form.label}>{legend}</legend>
        {options.isPending ? (
          <p className={form.hint}>Loading {noun}s…</p>
        ) : options.isError ? (
          <p className={form.error}>The {noun}s could not be loaded.</p>
        ) : choices.length === 0 ? (
          <p className={form.hint}>This workspace has no {noun}s yet.</p>
        ) : (
          <div className={styles.names}>
            {choices.map((option) => (
              <label key={option.id} className={form.checkbox}>
                <input
                  type="checkbox"
                  checked={picked.includes(option.id)}
                  onChange={(event) => {
                    setError(null);
                    setPicked(event.target.checked ? [...picked, option.id] : picked.filter((id) => id !== option.id));
                  }}
                />
                {option.description ? `${option.label} (${option.description})` : option.label}
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {error ? <p className={form.error}>{error}</p> : null}
      {actions(mode === "add" ? `Add to ${noun}s` : `Remove from ${noun}s`)}
    </form>
  );
}
