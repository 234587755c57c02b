import { releaseDatesError, releaseDescriptionError, releaseTitleError } from "@gantry/domain";
import { PencilIcon, TrashIcon } from "@primer/octicons-react";
import { format, parseISO } from "date-fns";
import { type FormEvent, useState } from "react";
import { type Release, type ReleaseInput, useFieldsApi, useWorkspaceReleases } from "../../issues/fields-api";
import { Button } from "../../ui/Button";
import { ConfirmDeletion } from "../../ui/dialog/ConfirmDeletion";
import { FormActions } from "../../ui/FormActions";
import { FormError } from "../../ui/FormError";
import form from "../../ui/form.module.css";
import { IconButton } from "../../ui/IconButton";
import list from "../../ui/list.module.css";
import { SettingsSection } from "../../ui/SettingsSection";
import { StatusLabel } from "../../ui/StatusLabel";
import { ActionError } from "./ActionError";
import styles from "./FieldSettings.module.css";
import { useAction } from "./use-action";

const day = (value: string) => format(parseISO(value), "MMM d, yyyy");

/** "Dec 1, 2026 – Jan 15, 2027", one end only, or "No dates". */
export function releaseDatesText({ startOn, endOn }: Pick<Release, "startOn" | "endOn">): string {
  if (startOn && endOn) return `${day(startOn)} – ${day(endOn)}`;
  if (startOn) return `Starts ${day(startOn)}`;
  if (endOn) return `Due ${day(endOn)}`;
  return "No dates";
}

interface ReleaseFormProps {
  initial: ReleaseInput;
  submitText: string;
  pending: boolean;
  onSubmit: (release: ReleaseInput) => Promise<boolean>;
  onCancel: () => void;
}

function ReleaseForm({ initial, submitText, pending, onSubmit, onCancel }: ReleaseFormProps) {
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (next: Partial<ReleaseInput>) => {
    setProblem(null);
    setValues((current) => ({ ...current, ...next }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message =
      releaseTitleError(values.title) ??
      releaseDatesError(values.startOn, values.endOn) ??
      releaseDescriptionError(values.description);
    setProblem(message);
    if (!message) await onSubmit({ ...values, title: values.title.trim() });
  };
  return (
    <form className={form.form} onSubmit={submit} noValidate aria-label={submitText}>
      <label className={form.field}>
        <span className={form.label}>Title</span>
        <input
          className={form.input}
          value={values.title}
          onChange={(event) => change({ title: event.target.value })}
        />
      </label>
      <div className={styles.dates}>
        <label className={form.field}>
          <span className={form.label}>Start</span>
          <input
            type="date"
            className={form.input}
            value={values.startOn ?? ""}
            onChange={(event) => change({ startOn: event.target.value || null })}
          />
        </label>
        <label className={form.field}>
          <span className={form.label}>End</span>
          <input
            type="date"
            className={form.input}
            value={values.endOn ?? ""}
            onChange={(event) => change({ endOn: event.target.value || null })}
          />
        </label>
      </div>
      <label className={form.field}>
        <span className={form.label}>Description</span>
        <textarea
          className={form.textarea}
          value={values.description}
          onChange={(event) => change({ description: event.target.value })}
        />
      </label>
      <FormError>{problem}</FormError>
      <FormActions submitText={submitText} onCancel={onCancel} disabled={pending} />
    </form>
  );
}

const EMPTY: ReleaseInput = { title: "", description: "", startOn: null, endOn: null };

/** The workspace's releases (open first): created and edited with dates, closed and reopened, deleted. */
export function ReleasesSettings({ workspaceId }: { workspaceId: string }) {
  const releases = useWorkspaceReleases(workspaceId);
  const api = useFieldsApi(workspaceId);
  const action = useAction();
  const [editing, setEditing] = useState<string | "new" | null>(null);
  const [deleting, setDeleting] = useState<Release | null>(null);

  return (
    <SettingsSection title="Releases" query={releases} loading="Loading releases" empty="No releases yet.">
      <ul className={list.list} aria-label="Releases">
        {(releases.data ?? []).map((release) =>
          editing === release.id ? (
            <li key={release.id} className={list.row}>
              <ReleaseForm
                initial={{ ...release, description: release.description ?? "" }}
                submitText="Save release"
                pending={action.pending}
                onSubmit={async (values) => {
                  const saved = await action.run(() => api.updateRelease(release.id, values));
                  if (saved) setEditing(null);
                  return saved;
                }}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={release.id} className={list.row}>
              <span className={list.rowMain}>
                <span className={list.name}>
                  {release.title}
                  {release.state === "CLOSED" ? <StatusLabel>Closed</StatusLabel> : null}
                </span>
                <span className={list.meta}>{releaseDatesText(release)}</span>
              </span>
              <span className={list.rowActions}>
                <Button
                  disabled={action.pending}
                  onClick={() =>
                    action.run(() =>
                      api.updateRelease(release.id, { state: release.state === "OPEN" ? "CLOSED" : "OPEN" }),
                    )
                  }
                >
                  {release.state === "OPEN" ? "Close" : "Reopen"}
                </Button>
                <IconButton
                  label={`Edit ${release.title}`}
                  icon={<PencilIcon aria-hidden />}
                  disabled={action.pending}
                  onClick={() => setEditing(release.id)}
                />
                <IconButton
                  label={`Delete ${release.title}`}
                  icon={<TrashIcon aria-hidden />}
                  disabled={action.pending}
                  onClick={() => setDeleting(release)}
                />
              </span>
            </li>
          ),
        )}
      </ul>
      {editing === "new" ? (
        <ReleaseForm
          initial={EMPTY}
          submitText="Create release"
          pending={action.pending}
          onSubmit={async (values) => {
            const created = await action.run(() => api.createRelease(values));
            if (created) setEditing(null);
            return created;
          }}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <div>
          <Button onClick={() => setEditing("new")}>New release</Button>
        </div>
      )}
      <ActionError message={action.error} />
      <ConfirmDeletion
        item={deleting}
        title={(release) => `Delete ${release.title}?`}
        body={() => "Its issues stay on the board, in no release. This cannot be undone."}
        confirmText="Delete release"
        onClose={() => setDeleting(null)}
        onDelete={(release) => void action.run(() => api.deleteRelease(release.id))}
      />
    </SettingsSection>
  );
}
