import { type FormEvent, useState } from "react";
import { Field } from "../accounts/Field";
import { Button } from "../ui/Button";
import styles from "../ui/form.module.css";
import { useCreateOrganization } from "./api";

export const ORGANIZATION_NAME_HINT = "2 to 60 letters, numbers, spaces, hyphens, underscores or dots.";

interface CreateOrganizationFormProps {
  onCreated: (organization: { id: string; name: string }) => void;
  onCancel?: () => void;
  /** A name to start from, such as the GitHub organisation's being brought into Gantry. */
  initialName?: string;
}

/** The "Create new organization" form, used in its dialog and in the onboarding of a new user. */
export function CreateOrganizationForm({ onCreated, onCancel, initialName = "" }: CreateOrganizationFormProps) {
  const [name, setName] = useState(initialName);
  const create = useCreateOrganization();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name: name.trim() },
      { onSuccess: (data) => onCreated(data.createGantryOrganization.gantryOrganization) },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Field
        label="Organization name"
        autoComplete="organization"
        required
        hint={ORGANIZATION_NAME_HINT}
        invalid={create.isError}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      {create.error ? (
        <p className={styles.error} role="alert">
          {create.error.message}
        </p>
      ) : null}
      <div className={styles.actions}>
        {onCancel ? <Button onClick={onCancel}>Cancel</Button> : null}
        <Button type="submit" variant="primary" disabled={create.isPending || name.trim() === ""}>
          {create.isPending ? "Creating…" : "Create organization"}
        </Button>
      </div>
    </form>
  );
}
