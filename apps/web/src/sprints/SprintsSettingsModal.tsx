import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, memo, type ReactNode, useId, useMemo, useState } from "react";
import { useGraphQL } from "../api/use-graphql";
import { useBoardPipelines } from "../board/api";
import { Button } from "../ui/Button";
import { ConfirmationDialog } from "../ui/dialog/ConfirmationDialog";
import { Modal } from "../ui/dialog/Modal";
import form from "../ui/form.module.css";
import styles from "./SprintsSettings.module.css";
import {
  assumedEstimateChange,
  initialFormValues,
  type SprintConfigFormErrors,
  type SprintConfigFormValues,
  type SprintsModalHighlight,
  sprintConfigInput,
  sprintDays,
  validateSprintConfigForm,
} from "./sprint-config-form";
import {
  DELETE_SPRINT_CONFIG,
  SAVE_SPRINT_CONFIG,
  sprintConfigKey,
  UPDATE_ASSUMED_ESTIMATE,
  type WorkspaceEstimates,
  type WorkspaceSprints,
  workspaceEstimatesKey,
} from "./sprints-api";

const WEEK_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8];
const TIME_ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** Some 400 zones: drawn once, not on every key press in the form. */
const TimeZoneOptions = memo(function TimeZoneOptions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {TIME_ZONES.map((zone) => (
        <option key={zone} value={zone} />
      ))}
    </datalist>
  );
});

function dayName(day: string): string {
  return day.charAt(0) + day.slice(1).toLowerCase();
}

interface SprintsSettingsModalProps {
  workspaceId: string;
  workspace: WorkspaceSprints;
  estimates: WorkspaceEstimates;
  /** SPEC §2: a field shown highlighted until the person does anything in the modal. */
  highlight: SprintsModalHighlight | null;
  onDismiss: () => void;
  /** After a save, for what else shows sprints (the board's cards carry predicted sprints). */
  onSaved?: () => void;
}

/**
 * SPEC §2 "Sprints settings modal": creates or edits the workspace's sprint config. Workspace admins
 * change it; everyone else sees it read-only.
 */
export function SprintsSettingsModal({
  workspaceId,
  workspace,
  estimates,
  highlight,
  onDismiss,
  onSaved,
}: SprintsSettingsModalProps) {
  const id = useId();
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const board = useBoardPipelines(workspaceId);
  const pipelines = board.data?.pipelines.filter((pipeline) => pipeline.id !== CLOSED_PIPELINE_ID) ?? [];
  const [values, setValues] = useState(() => initialFormValues(workspace, estimates));
  const [errors, setErrors] = useState<SprintConfigFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [highlighted, setHighlighted] = useState(highlight);
  const [confirmingStop, setConfirmingStop] = useState(false);
  const canEdit = workspace.viewerPermission === "ADMIN";
  const exists = workspace.sprintConfig !== null;
  const days = useMemo(() => sprintDays(values), [values]);

  const change = <Key extends keyof SprintConfigFormValues>(key: Key, value: SprintConfigFormValues[Key]) => {
    setValues((before) => ({ ...before, [key]: value }));
    setErrors((before) => ({ ...before, [key]: undefined }));
  };

  /** Sends a change, then reads again what shows sprints and closes; a refusal stays in the modal. */
  const send = async (...requests: [document: string, variables: Record<string, unknown>][]) => {
    setSaving(true);
    setFailure(null);
    try {
      for (const [document, variables] of requests) await request(document, variables);
      await queryClient.invalidateQueries({ queryKey: sprintConfigKey(workspaceId) });
      await queryClient.invalidateQueries({ queryKey: ["issue-sprints"] });
      await queryClient.invalidateQueries({ queryKey: ["closed-sprints", workspaceId] });
      await queryClient.invalidateQueries({ queryKey: workspaceEstimatesKey(workspaceId) });
      onSaved?.();
      onDismiss();
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
      setSaving(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateSprintConfigForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const assumption = assumedEstimateChange(values, estimates, workspaceId);
    // The assumption goes first: it is the likelier to be refused, and then nothing else is sent.
    await send(...(assumption ? [[UPDATE_ASSUMED_ESTIMATE, assumption] as [string, Record<string, unknown>]] : []), [
      SAVE_SPRINT_CONFIG[exists ? "update" : "create"],
      { input: { sprintConfig: sprintConfigInput(values, workspaceId) } },
    ]);
  };

  const errorId = (key: keyof SprintConfigFormValues) => `${id}-${key}-error`;
  const fieldProps = (key: keyof SprintConfigFormValues) => ({
    id: `${id}-${key}`,
    "aria-invalid": errors[key] ? true : undefined,
    "aria-describedby": errors[key] ? errorId(key) : undefined,
  });
  const errorOf = (key: keyof SprintConfigFormValues): ReactNode =>
    errors[key] ? (
      <p id={errorId(key)} className={form.error}>
        {errors[key]}
      </p>
    ) : null;
  const highlightOf = (name: SprintsModalHighlight) => ({
    "data-highlight": name,
    "data-highlighted": highlighted === name || undefined,
  });

  return (
    <>
      <Modal title={exists ? "Sprints" : "Set up sprints"} width="wide" onDismiss={onDismiss}>
        <form
          className={form.form}
          aria-label="Sprint settings"
          onSubmit={submit}
          // The highlight points the way in; once the person acts, it has done its job.
          onPointerDown={() => setHighlighted(null)}
          onKeyDown={() => setHighlighted(null)}
          noValidate
        >
          {!canEdit ? <p className={form.hint}>Only workspace admins can change how sprints run.</p> : null}
          <fieldset className={styles.fieldset} disabled={!canEdit || saving}>
            <div className={styles.grid}>
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-name`}>
                  Name
                </label>
                <input
                  className={form.input}
                  value={values.name}
                  onChange={(event) => change("name", event.target.value)}
                  {...fieldProps("name")}
                />
                {errorOf("name")}
              </div>
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-period`}>
                  Length
                </label>
                <select
                  className={form.select}
                  value={values.period}
                  onChange={(event) => change("period", Number(event.target.value))}
                  {...fieldProps("period")}
                >
                  {WEEK_CHOICES.map((weeks) => (
                    <option key={weeks} value={weeks}>
                      {weeks === 1 ? "1 week" : `${weeks} weeks`}
                    </option>
                  ))}
                </select>
                {errorOf("period")}
              </div>
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-startOn`}>
                  First sprint starts on
                </label>
                <input
                  className={form.input}
                  value={values.startOn}
                  placeholder="YYYY-MM-DD"
                  inputMode="numeric"
                  onChange={(event) => change("startOn", event.target.value.trim())}
                  {...fieldProps("startOn")}
                />
                {errorOf("startOn")}
              </div>
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-startTime`}>
                  Start time
                </label>
                <input
                  className={form.input}
                  value={values.startTime}
                  placeholder="HH:mm"
                  inputMode="numeric"
                  onChange={(event) => change("startTime", event.target.value.trim())}
                  {...fieldProps("startTime")}
                />
                {errorOf("startTime")}
              </div>
              <div className={form.field}>
                <label className={form.label} htmlFor={`${id}-tzIdentifier`}>
                  Time zone
                </label>
                <input
                  className={form.input}
                  value={values.tzIdentifier}
                  list={`${id}-zones`}
                  onChange={(event) => change("tzIdentifier", event.target.value.trim())}
                  {...fieldProps("tzIdentifier")}
                />
                <TimeZoneOptions id={`${id}-zones`} />
                {errorOf("tzIdentifier")}
              </div>
            </div>
            <p className={form.hint} aria-live="polite">
              {days
                ? `Each sprint starts on ${dayName(days.startDay)} at ${values.startTime} and ends when the next one starts, on ${dayName(days.endDay)}${days.startDay === days.endDay ? ` at ${values.startTime}` : ""}.`
                : "Give a valid start day and time to see when sprints begin and end."}
            </p>
            <label className={form.checkbox}>
              <input
                type="checkbox"
                checked={values.moveUnfinishedIssues}
                onChange={(event) => change("moveUnfinishedIssues", event.target.checked)}
              />
              <span>
                Move unfinished issues to the next sprint
                <span className={form.hint}> Open issues in a sprint that ends carry over to the next one.</span>
              </span>
            </label>
            <div className={styles.section} {...highlightOf("build-from-backlog")}>
              <label className={form.checkbox}>
                <input
                  type="checkbox"
                  checked={values.buildFromPipeline}
                  onChange={(event) => change("buildFromPipeline", event.target.checked)}
                />
                <span>
                  Build sprints from a pipeline
                  <span className={form.hint}>
                    {" "}
                    Each new sprint is filled from the top of the pipeline until it holds the points below; unestimated
                    issues count at the workspace's assumed estimate.
                  </span>
                </span>
              </label>
              {values.buildFromPipeline ? (
                <div className={styles.grid} {...highlightOf("automation-pipelines")}>
                  <div className={form.field}>
                    <label className={form.label} htmlFor={`${id}-pipelineId`}>
                      Pipeline
                    </label>
                    <select
                      className={form.select}
                      value={values.pipelineId}
                      onChange={(event) => change("pipelineId", event.target.value)}
                      {...fieldProps("pipelineId")}
                    >
                      <option value="">Choose a pipeline</option>
                      {pipelines.map((pipeline) => (
                        <option key={pipeline.id} value={pipeline.id}>
                          {pipeline.name}
                        </option>
                      ))}
                    </select>
                    {errorOf("pipelineId")}
                  </div>
                  <div className={form.field}>
                    <label className={form.label} htmlFor={`${id}-totalStoryPoints`}>
                      Points per sprint
                    </label>
                    <input
                      className={form.input}
                      value={values.totalStoryPoints}
                      inputMode="decimal"
                      onChange={(event) => change("totalStoryPoints", event.target.value.trim())}
                      {...fieldProps("totalStoryPoints")}
                    />
                    {errorOf("totalStoryPoints")}
                  </div>
                </div>
              ) : null}
            </div>
            <div className={styles.section}>
              <label className={form.checkbox}>
                <input
                  type="checkbox"
                  checked={values.assumeEstimates}
                  onChange={(event) => change("assumeEstimates", event.target.checked)}
                />
                <span>
                  Assume estimates
                  <span className={form.hint}>
                    {" "}
                    Unestimated issues count at this many points when sprints are filled and predicted; left blank, the
                    workspace's median estimate (2 when there is none).
                  </span>
                </span>
              </label>
              {values.assumeEstimates ? (
                <div className={form.field}>
                  <label className={form.label} htmlFor={`${id}-assumedEstimate`}>
                    Assumed estimate
                  </label>
                  <input
                    className={`${form.input} ${styles.narrow}`}
                    value={values.assumedEstimate}
                    inputMode="numeric"
                    placeholder="Median"
                    onChange={(event) => change("assumedEstimate", event.target.value.trim())}
                    {...fieldProps("assumedEstimate")}
                  />
                  {errorOf("assumedEstimate")}
                </div>
              ) : null}
            </div>
          </fieldset>
          {failure ? (
            <p role="alert" className={form.error}>
              The sprint settings were not saved: {failure}
            </p>
          ) : null}
          <div className={form.actions}>
            {canEdit && exists ? (
              <Button
                variant="danger"
                className={styles.stop}
                disabled={saving}
                onClick={() => setConfirmingStop(true)}
              >
                Turn off sprints
              </Button>
            ) : null}
            <Button onClick={onDismiss}>{canEdit ? "Cancel" : "Close"}</Button>
            {canEdit ? (
              <Button type="submit" variant="primary" disabled={saving}>
                {saving ? "Saving…" : exists ? "Save sprints" : "Start sprints"}
              </Button>
            ) : null}
          </div>
        </form>
      </Modal>
      {/* Beside the modal, not inside it: React passes events up through portals, and the dialog's own
        submit must not reach the settings form. */}
      {confirmingStop ? (
        <ConfirmationDialog
          title="Turn off sprints?"
          body="New sprints stop being made. Open sprints are deleted and their issues leave them; closed sprints and their history stay."
          confirmText="Turn off sprints"
          danger
          onCancel={() => setConfirmingStop(false)}
          onConfirm={() => {
            setConfirmingStop(false);
            void send([DELETE_SPRINT_CONFIG, { workspaceId }]);
          }}
        />
      ) : null}
    </>
  );
}
