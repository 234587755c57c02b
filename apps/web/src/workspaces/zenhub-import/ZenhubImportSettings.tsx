import { type FormEvent, useState } from "react";
import { GraphQLRequestError } from "../../api/graphql";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { FormRow } from "../../ui/FormRow";
import form from "../../ui/form.module.css";
import { LoadError } from "../../ui/LoadError";
import list from "../../ui/list.module.css";
import { SettingsSection } from "../../ui/SettingsSection";
import { StatusLabel, type StatusTone } from "../../ui/StatusLabel";
import { Toolbar } from "../../ui/Toolbar";
import { ActionError } from "../fields/ActionError";
import { useAction } from "../fields/use-action";
import { useZenhubImportApi, useZenhubImports, type ZenhubImport, type ZenhubWorkspaceChoice } from "./api";
import styles from "./ZenhubImportSettings.module.css";

const KIND_NAMES: Record<string, string> = {
  repositories: "Repositories",
  pipelines: "Pipelines",
  priorities: "Priorities",
  issues: "Issues placed",
  links: "Sub-issues and PR links",
  epics: "ZenHub epics",
  githubEpics: "GitHub epics",
  dependencies: "Dependencies",
  sprints: "Sprints",
  releases: "Releases",
};

const STATE_NAMES: Record<ZenhubImport["state"], string> = {
  QUEUED: "Waiting to start",
  RUNNING: "Importing",
  DONE: "Imported",
  FAILED: "Stopped",
};

const STATE_TONES: Record<ZenhubImport["state"], StatusTone> = {
  QUEUED: "accent",
  RUNNING: "accent",
  DONE: "success",
  FAILED: "danger",
};

function timeLeft(seconds: number | null): string {
  if (seconds === null) return "Estimating time left…";
  if (seconds < 60) return "Less than a minute left";
  return `About ${Math.round(seconds / 60)} min left`;
}

function ImportProgress({ run }: { run: ZenhubImport }) {
  const under = run.state === "QUEUED" || run.state === "RUNNING";
  return (
    <div className={styles.run} aria-live="polite">
      <p className={styles.runTitle}>
        <StatusLabel tone={STATE_TONES[run.state]}>{STATE_NAMES[run.state]}</StatusLabel> {run.zenhubWorkspaceName}
        <span className={list.meta}> · started {new Date(run.createdAt).toLocaleString()}</span>
      </p>
      {under ? <p className={list.meta}>{timeLeft(run.secondsLeft)}</p> : null}
      {run.error ? (
        <p className={form.error} role="alert">
          {run.error}
          {run.finished ? "" : " Gantry tries again shortly and goes on from where it stopped."}
        </p>
      ) : null}
      {run.progress.length > 0 ? (
        <ul className={list.list} aria-label="Progress by kind">
          {run.progress.map((kind) => (
            <li key={kind.kind} className={styles.kind}>
              <span>{KIND_NAMES[kind.kind] ?? kind.kind}</span>
              <progress
                max={Math.max(kind.total, 1)}
                value={kind.done}
                aria-label={KIND_NAMES[kind.kind] ?? kind.kind}
              />
              <span className={list.meta}>
                {kind.done} of {kind.total}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {run.state === "DONE" || run.skipped.length > 0 ? (
        <details className={styles.report} open={run.state === "DONE" && run.skipped.length > 0}>
          <summary>{run.skipped.length === 0 ? "Nothing was left out" : `Left out (${run.skipped.length})`}</summary>
          <ul className={styles.skipped}>
            {run.skipped.map((entry) => (
              <li key={`${entry.kind}:${entry.name}`}>
                <strong>{entry.name}</strong>: {entry.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

export const ZENHUB_IMPORT_TITLE_ID = "workspace-zenhub-import-title";

/** Paste a ZenHub API key, pick one of its workspaces, and start: the board, epics, sprints and releases follow. */
export function ZenhubImportSettings({ workspaceId }: { workspaceId: string }) {
  const imports = useZenhubImports(workspaceId);
  const api = useZenhubImportApi(workspaceId);
  const action = useAction();
  const [apiKey, setApiKey] = useState("");
  const [choices, setChoices] = useState<ZenhubWorkspaceChoice[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [mergeAsked, setMergeAsked] = useState(false);
  const running = imports.data?.some((run) => run.state === "QUEUED" || run.state === "RUNNING") ?? false;

  const findWorkspaces = (event: FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const found = await api.choices(apiKey.trim());
      setChoices(found);
      setChosen(found[0]?.id ?? "");
    });
  };
  const start = (confirmMerge: boolean) =>
    void action.run(async () => {
      try {
        await api.start({ apiKey: apiKey.trim(), zenhubWorkspaceId: chosen, confirmMerge });
        setApiKey("");
        setChoices(null);
        setMergeAsked(false);
      } catch (error) {
        if (error instanceof GraphQLRequestError && error.extensions.field === "confirmMerge") setMergeAsked(true);
        throw error;
      }
    });

  return (
    <SettingsSection
      title="Import from ZenHub"
      titleId={ZENHUB_IMPORT_TITLE_ID}
      description="Bring a ZenHub workspace's plan here: pipelines and where every issue sits, estimates, priorities, epics, sprints with their history, releases and dependencies. Repositories are connected through your GitHub account."
      query={imports}
      loading="Loading imports"
    >
      {imports.error ? (
        <LoadError error={imports.error} onRetry={() => void imports.refetch()}>
          The imports could not be loaded
        </LoadError>
      ) : null}
      {imports.data?.[0] ? <ImportProgress run={imports.data[0]} /> : null}
      {running ? null : (
        <form className={form.form} aria-label="Import from ZenHub" onSubmit={findWorkspaces} noValidate>
          <FormRow
            label="ZenHub API key"
            help="A personal API key from ZenHub's dashboard (API section). It is used only for this import and forgotten when it ends."
          >
            {(control) => (
              <input
                {...control}
                className={form.input}
                type="password"
                autoComplete="off"
                value={apiKey}
                onChange={(event) => {
                  setApiKey(event.target.value);
                  setChoices(null);
                  setMergeAsked(false);
                }}
              />
            )}
          </FormRow>
          {choices === null ? (
            <div>
              <Button type="submit" disabled={action.pending || apiKey.trim() === ""}>
                Find workspaces
              </Button>
            </div>
          ) : choices.length === 0 ? (
            <EmptyState>This key cannot read any ZenHub workspace.</EmptyState>
          ) : (
            <>
              <FormRow label="ZenHub workspace">
                {(control) => (
                  <select
                    {...control}
                    className={form.select}
                    value={chosen}
                    onChange={(event) => setChosen(event.target.value)}
                  >
                    {choices.map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {choice.organizationName ? `${choice.organizationName} / ${choice.name}` : choice.name}
                      </option>
                    ))}
                  </select>
                )}
              </FormRow>
              <Toolbar>
                <Button variant="primary" disabled={action.pending || !chosen} onClick={() => start(false)}>
                  Start import
                </Button>
                {mergeAsked ? (
                  <Button disabled={action.pending} onClick={() => start(true)}>
                    Merge into this workspace
                  </Button>
                ) : null}
              </Toolbar>
            </>
          )}
        </form>
      )}
      <ActionError message={action.error} />
    </SettingsSection>
  );
}
