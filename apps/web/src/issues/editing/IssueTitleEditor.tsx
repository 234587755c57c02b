import { issueTitleError } from "@gantry/domain";
import { PencilIcon } from "@primer/octicons-react";
import { type FormEvent, useState } from "react";
import form from "../../ui/form.module.css";
import { stack } from "../../ui/stack";
import issueStyles from "../Issue.module.css";
import { EditFormFooter } from "./EditFormFooter";
import styles from "./IssueEditing.module.css";
import { useSave } from "./use-save";

interface IssueTitleEditorProps {
  title: string;
  headingLevel: 1 | 2;
  canEdit: boolean;
  /** Resolves once saved; rejects with the server's reason. */
  onSave: (title: string) => Promise<unknown>;
}

/** The issue's title, edited in place: Enter saves, Escape cancels. */
export function IssueTitleEditor({ title, headingLevel, canEdit, onSave }: IssueTitleEditorProps) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const [draft, setDraft] = useState<string | null>(null);
  const { error, setError, saving, save } = useSave();

  if (draft === null) {
    return (
      <div className={styles.titleRow}>
        <Heading className={issueStyles.title}>{title}</Heading>
        {canEdit ? (
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Edit title"
            onClick={() => {
              setDraft(title);
              setError(null);
            }}
          >
            <PencilIcon aria-hidden />
          </button>
        ) : null}
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === title) return setDraft(null);
    if (await save(issueTitleError(draft), () => onSave(draft.trim()))) setDraft(null);
  };

  return (
    <form className={stack({ direction: "column" })} onSubmit={(event) => void submit(event)}>
      <input
        className={form.input}
        aria-label="Title"
        value={draft}
        // biome-ignore lint/a11y/noAutofocus: the person asked to edit this field
        autoFocus
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.stopPropagation();
            setDraft(null);
          }
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? "issue-title-error" : undefined}
      />
      <EditFormFooter error={error} errorId="issue-title-error" saving={saving} onCancel={() => setDraft(null)} />
    </form>
  );
}
