import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { type FormEvent, useMemo, useState } from "react";
import { useStore } from "react-redux";
import { FormActions } from "../ui/FormActions";
import form from "../ui/form.module.css";
import { SelectField } from "../ui/SelectField";
import type { BoardPipeline } from "./api";
import styles from "./BulkActions.module.css";
import { AddOrRemove, type AddOrRemoveMode, EstimateFields, PlanPicker } from "./BulkPlanFields";
import type { BoardRootState } from "./board-store";
import type { BulkAction } from "./bulk-requests";

/** The bulk action modals (SPEC §3 activeBulkActionModal). */
export type BulkModalKind =
  | "move"
  | "labels"
  | "assignees"
  | "milestone"
  | "close"
  | "estimate"
  | "sprint"
  | "epic"
  | "delete";

interface BulkActionFieldsProps {
  formId: string;
  kind: BulkModalKind;
  workspaceId: string;
  pipelines: BoardPipeline[];
  issueIds: string[];
  onSubmit: (action: BulkAction) => void;
  onCancel: () => void;
}

const splitNames = (text: string) =>
  text
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);

/** What the board's cards already carry, offered first: label names or assignee logins. */
function useKnownNames(kind: "labels" | "assignees") {
  const store = useStore<BoardRootState>();
  return useMemo(() => {
    const { byId } = store.getState().boardIssues;
    const names = new Set<string>();
    for (const issue of Object.values(byId)) {
      for (const name of kind === "labels" ? issue.labels.map((l) => l.name) : issue.assignees.map((a) => a.login))
        names.add(name);
    }
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [store, kind]);
}

function NamesPicker({
  kind,
  onSubmit,
  onCancel,
  formId,
}: Omit<BulkActionFieldsProps, "pipelines" | "kind" | "issueIds" | "workspaceId"> & { kind: "labels" | "assignees" }) {
  const known = useKnownNames(kind);
  const [mode, setMode] = useState<AddOrRemoveMode>("add");
  const [picked, setPicked] = useState<string[]>([]);
  const [other, setOther] = useState("");
  const [error, setError] = useState<string | null>(null);
  const noun = kind === "labels" ? "label" : "assignee";
  const words = { add: `Add ${noun}s`, remove: `Remove ${noun}s` };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const names = [...new Set([...picked, ...splitNames(other)])];
    if (names.length === 0) {
      setError(`Choose at least one ${noun}.`);
      return;
    }
    if (kind === "labels") onSubmit({ kind: mode === "add" ? "addLabels" : "removeLabels", labels: names });
    else onSubmit({ kind: mode === "add" ? "addAssignees" : "removeAssignees", logins: names });
  };
  return (
    <form id={formId} className={form.form} onSubmit={submit}>
      <AddOrRemove mode={mode} onChange={setMode} words={words} />
      {known.length > 0 ? (
        <fieldset className={styles.choices}>
          <legend className={form.label}>{kind === "labels" ? "Labels on the board" : "People on the board"}</legend>
          <div className={styles.names}>
            {known.map((name) => (
              <label key={name} className={form.checkbox}>
                <input
                  type="checkbox"
                  checked={picked.includes(name)}
                  onChange={(event) => {
                    setError(null);
                    setPicked(event.target.checked ? [...picked, name] : picked.filter((p) => p !== name));
                  }}
                />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <div className={form.field}>
        <label className={form.label} htmlFor={`${formId}-other`}>
          {kind === "labels" ? "Other labels" : "Other GitHub logins"}
        </label>
        <input
          id={`${formId}-other`}
          className={form.input}
          value={other}
          aria-describedby={`${formId}-other-hint`}
          onChange={(event) => {
            setError(null);
            setOther(event.target.value);
          }}
        />
        <span id={`${formId}-other-hint`} className={form.hint}>
          Separate names with commas.
        </span>
      </div>
      {error ? <p className={form.error}>{error}</p> : null}
      <FormActions onCancel={onCancel} submitText={words[mode]} />
    </form>
  );
}

/** The options of one bulk action; submitting starts it. */
export function BulkActionFields(props: BulkActionFieldsProps) {
  const { kind, workspaceId, pipelines, issueIds, onSubmit, onCancel, formId } = props;
  const [pipelineId, setPipelineId] = useState(pipelines[0]?.id ?? "");
  const [position, setPosition] = useState<"START" | "END">("START");
  const [milestone, setMilestone] = useState("");
  const [error, setError] = useState<string | null>(null);
  const count = issueIds.length === 1 ? "1 issue" : `${issueIds.length} issues`;

  if (kind === "labels" || kind === "assignees") return <NamesPicker {...props} kind={kind} />;
  const actions = (submitText: string) => <FormActions onCancel={onCancel} submitText={submitText} />;
  if (kind === "estimate") return <EstimateFields formId={formId} onSubmit={onSubmit} actions={actions} />;
  if (kind === "sprint" || kind === "epic")
    return <PlanPicker plan={kind} workspaceId={workspaceId} formId={formId} onSubmit={onSubmit} actions={actions} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === "move") onSubmit({ kind, pipelineId, position });
    else if (kind === "close" || kind === "delete") onSubmit({ kind });
    else {
      const text = milestone.trim();
      const number = Number(text);
      if (text && !(Number.isInteger(number) && number > 0)) {
        setError("A milestone number is a whole number above 0.");
        return;
      }
      onSubmit({ kind, milestoneNumber: text ? number : null });
    }
  };

  return (
    <form id={formId} className={form.form} onSubmit={submit}>
      {kind === "move" ? (
        <>
          <SelectField
            label="Pipeline"
            value={pipelineId}
            choices={pipelines.map((pipeline) => ({ value: pipeline.id, label: pipeline.name }))}
            onChange={setPipelineId}
          />
          {pipelineId === CLOSED_PIPELINE_ID ? (
            <p className={form.hint}>Moving to Closed closes the issues on GitHub.</p>
          ) : (
            <fieldset className={styles.choices}>
              <legend className={form.label}>Position</legend>
              {(["START", "END"] as const).map((value) => (
                <label key={value} className={form.checkbox}>
                  <input
                    type="radio"
                    name="position"
                    checked={position === value}
                    onChange={() => setPosition(value)}
                  />
                  {value === "START" ? "Top of the pipeline" : "Bottom of the pipeline"}
                </label>
              ))}
            </fieldset>
          )}
          <FormActions onCancel={onCancel} submitText={`Move ${count}`} />
        </>
      ) : kind === "milestone" ? (
        <>
          <div className={form.field}>
            <label className={form.label} htmlFor={`${formId}-milestone`}>
              Milestone number
            </label>
            <input
              id={`${formId}-milestone`}
              className={form.input}
              inputMode="numeric"
              value={milestone}
              aria-describedby={`${formId}-milestone-hint`}
              onChange={(event) => {
                setError(null);
                setMilestone(event.target.value);
              }}
            />
            <span id={`${formId}-milestone-hint`} className={form.hint}>
              The milestone's number (GitHub's, or the workspace's own for Gantry issues); leave it empty to clear the
              milestone.
            </span>
          </div>
          {error ? <p className={form.error}>{error}</p> : null}
          <FormActions onCancel={onCancel} submitText="Set milestone" />
        </>
      ) : kind === "delete" ? (
        <>
          <p>Deletes {count} from Gantry for good. This cannot be undone.</p>
          <FormActions onCancel={onCancel} submitText={`Delete ${count}`} danger />
        </>
      ) : (
        <>
          <p>Closes {count} on GitHub. They move to the Closed pipeline.</p>
          <FormActions onCancel={onCancel} submitText={`Close ${count}`} />
        </>
      )}
    </form>
  );
}
