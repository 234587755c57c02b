import { checkSavedViewName, MAX_SAVED_VIEW_NAME_LENGTH, type SavedViewFilters } from "@gantry/domain";
import { type FormEvent, useId, useState } from "react";
import { Modal } from "../../ui/dialog/Modal";
import { FormActions } from "../../ui/FormActions";
import { FormError } from "../../ui/FormError";
import formStyles from "../../ui/form.module.css";
import styles from "./FilterBar.module.css";
import { useSavedViewRequests } from "./saved-views-api";
import { useApplySavedView } from "./use-board-link";

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface SaveViewDialogProps {
  workspaceId: string;
  filters: SavedViewFilters;
  onDone: () => void;
}

/** Names the current filters; the new view becomes the active one. */
export function SaveViewDialog({ workspaceId, filters, onDone }: SaveViewDialogProps) {
  const { create } = useSavedViewRequests(workspaceId);
  const applySavedView = useApplySavedView();
  const [name, setName] = useState("");
  const [isShared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSavedViewName(name);
    if (!checked.ok) return setError(checked.message);
    try {
      applySavedView(await create.mutateAsync({ name: checked.value, filters, isShared }));
      onDone();
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <Modal title="Save current filters as a view" onDismiss={onDone}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            id={`${id}-name`}
            className={styles.textInput}
            value={name}
            maxLength={MAX_SAVED_VIEW_NAME_LENGTH}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          <FormError id={`${id}-error`}>{error}</FormError>
        </div>
        <label className={formStyles.checkbox}>
          <input type="checkbox" checked={isShared} onChange={(event) => setShared(event.target.checked)} />
          Share with everyone in the workspace
        </label>
        <FormActions submitText="Save view" onCancel={onDone} disabled={create.isPending} />
      </form>
    </Modal>
  );
}
