import { insertAcceptanceCriteria, issueBodyError } from "@gantry/domain";
import { PencilIcon } from "@primer/octicons-react";
import { type FormEvent, useState } from "react";
import { AcceptanceCriteriaSuggester } from "../../ai/AcceptanceCriteriaSuggester";
import { stack } from "../../ui/stack";
import issueStyles from "../Issue.module.css";
import { IssueMarkdown } from "../IssueMarkdown";
import { EditFormFooter } from "./EditFormFooter";
import styles from "./IssueEditing.module.css";
import { MarkdownEditor } from "./MarkdownEditor";
import { useSave } from "./use-save";

interface IssueBodyEditorProps {
  body: string | null;
  canEdit: boolean;
  onSave: (body: string) => Promise<unknown>;
  /** Seen from a workspace: acceptance criteria can be suggested for the issue (when AI is on). */
  criteriaFor?: { workspaceId: string; issueId: string; title: string };
}

/** The issue's description, rendered as Markdown, with an editor and preview for writers. */
export function IssueBodyEditor({ body, canEdit, onSave, criteriaFor }: IssueBodyEditorProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const { error, setError, saving, save } = useSave();

  if (draft === null) {
    return (
      <>
        {canEdit ? (
          <div className={styles.bodyHeader}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label="Edit description"
              onClick={() => {
                setDraft(body ?? "");
                setError(null);
              }}
            >
              <PencilIcon aria-hidden />
            </button>
          </div>
        ) : null}
        {body?.trim() ? <IssueMarkdown source={body} /> : <p className={issueStyles.none}>No description provided.</p>}
      </>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(issueBodyError(draft), () => onSave(draft))) setDraft(null);
  };

  return (
    <form className={stack({ direction: "column" })} onSubmit={(event) => void submit(event)}>
      <MarkdownEditor label="Description" value={draft} onChange={setDraft} autoFocus invalid={error !== null} />
      {criteriaFor ? (
        <AcceptanceCriteriaSuggester
          {...criteriaFor}
          body={draft}
          onInsert={(criteria, quoted) =>
            setDraft((current) => insertAcceptanceCriteria(current ?? "", criteria, quoted))
          }
        />
      ) : null}
      <EditFormFooter error={error} saving={saving} onCancel={() => setDraft(null)} />
    </form>
  );
}
