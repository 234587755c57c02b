import { priorityColorError, priorityNameError } from "@gantry/domain";
import { ArrowDownIcon, ArrowUpIcon, PencilIcon, TrashIcon } from "@primer/octicons-react";
import { type FormEvent, useState } from "react";
import { type Priority, useFieldsApi, useWorkspacePriorities } from "../../issues/fields-api";
import { Button } from "../../ui/Button";
import { ConfirmDeletion } from "../../ui/dialog/ConfirmDeletion";
import { FormError } from "../../ui/FormError";
import form from "../../ui/form.module.css";
import { IconButton } from "../../ui/IconButton";
import list from "../../ui/list.module.css";
import { SettingsSection } from "../../ui/SettingsSection";
import { stack } from "../../ui/stack";
import { ActionError } from "./ActionError";
import styles from "./FieldSettings.module.css";
import { useAction } from "./use-action";

const NEW_COLOR = "#d1242f";

interface PriorityFormProps {
  initial: { name: string; color: string };
  submitText: string;
  pending: boolean;
  onSubmit: (values: { name: string; color: string }) => Promise<boolean>;
  onCancel?: () => void;
}

/** Name and colour, checked as the server checks them before anything is sent. */
function PriorityForm({ initial, submitText, pending, onSubmit, onCancel }: PriorityFormProps) {
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = priorityNameError(name) ?? priorityColorError(color);
    setProblem(message);
    if (!message && (await onSubmit({ name: name.trim(), color })) && !onCancel) setName("");
  };
  return (
    <form className={stack({ wrap: true, align: "end" })} onSubmit={submit} noValidate>
      <label className={`${form.field} ${styles.grow}`}>
        <span className={form.label}>Name</span>
        <input
          className={form.input}
          value={name}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setProblem(null);
            setName(event.target.value);
          }}
        />
      </label>
      <label className={form.field}>
        <span className={form.label}>Color</span>
        <input
          type="color"
          className={styles.colorInput}
          value={color}
          onChange={(event) => setColor(event.target.value)}
        />
      </label>
      <Button type="submit" variant={onCancel ? "primary" : "default"} disabled={pending}>
        {submitText}
      </Button>
      {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
      <FormError>{problem}</FormError>
    </form>
  );
}

/** The section's heading, which a link to the priorities settings scrolls to. */
export const PRIORITIES_TITLE_ID = "workspace-priorities-title";

/** SPEC §3 priorities: highest first (rank 1), added, renamed, recoloured, reordered and deleted by admins. */
export function PrioritiesSettings({ workspaceId }: { workspaceId: string }) {
  const priorities = useWorkspacePriorities(workspaceId);
  const api = useFieldsApi(workspaceId);
  const action = useAction();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Priority | null>(null);
  const ranked = priorities.data ?? [];

  return (
    <SettingsSection
      title="Priorities"
      titleId={PRIORITIES_TITLE_ID}
      description="The first is the highest. Cards show an issue's priority, and pipelines can sort by it."
      query={priorities}
      loading="Loading priorities"
      empty="No priorities yet."
    >
      <ol className={list.list} aria-label="Priorities, highest first">
        {ranked.map((priority, index) =>
          editing === priority.id ? (
            <li key={priority.id} className={list.row}>
              <PriorityForm
                initial={priority}
                submitText="Save"
                pending={action.pending}
                onSubmit={async (values) => {
                  const saved = await action.run(() => api.updatePriority(priority.id, values));
                  if (saved) setEditing(null);
                  return saved;
                }}
                onCancel={() => setEditing(null)}
              />
            </li>
          ) : (
            <li key={priority.id} className={list.row}>
              <span className={list.rowMain}>
                <span className={list.name}>
                  <span className={styles.swatch} style={{ background: priority.color }} aria-hidden />
                  {priority.name}
                </span>
              </span>
              <span className={list.rowActions}>
                <IconButton
                  label={`Move ${priority.name} up`}
                  icon={<ArrowUpIcon aria-hidden />}
                  disabled={index === 0 || action.pending}
                  onClick={() => action.run(() => api.updatePriority(priority.id, { position: index - 1 }))}
                />
                <IconButton
                  label={`Move ${priority.name} down`}
                  icon={<ArrowDownIcon aria-hidden />}
                  disabled={index === ranked.length - 1 || action.pending}
                  onClick={() => action.run(() => api.updatePriority(priority.id, { position: index + 1 }))}
                />
                <IconButton
                  label={`Edit ${priority.name}`}
                  icon={<PencilIcon aria-hidden />}
                  disabled={action.pending}
                  onClick={() => setEditing(priority.id)}
                />
                <IconButton
                  label={`Delete ${priority.name}`}
                  icon={<TrashIcon aria-hidden />}
                  disabled={action.pending}
                  onClick={() => setDeleting(priority)}
                />
              </span>
            </li>
          ),
        )}
      </ol>
      <PriorityForm
        initial={{ name: "", color: NEW_COLOR }}
        submitText="Add priority"
        pending={action.pending}
        onSubmit={(values) => action.run(() => api.createPriority(values))}
      />
      <ActionError message={action.error} />
      <ConfirmDeletion
        item={deleting}
        title={(priority) => `Delete ${priority.name}?`}
        body={() => "Issues with this priority will have none. This cannot be undone."}
        confirmText="Delete priority"
        onClose={() => setDeleting(null)}
        onDelete={(priority) => void action.run(() => api.deletePriority(priority.id))}
      />
    </SettingsSection>
  );
}
