import type { QuotedCriteria } from "@gantry/domain";
import { PlusIcon, QuoteIcon, SparkleFillIcon, XIcon } from "@primer/octicons-react";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { IconButton } from "../ui/IconButton";
import styles from "./AcceptanceCriteria.module.css";
import { type SuggestCriteriaInput, useAcceptanceCriteria } from "./use-acceptance-criteria";
import { useAiAvailable } from "./use-ai-available";

interface AcceptanceCriteriaSuggesterProps extends SuggestCriteriaInput {
  /**
   * Called with the edited, non-empty criteria when the person inserts them: those written for this
   * issue, and those quoted from similar issues, by issue.
   */
  onInsert: (criteria: string[], quoted: QuotedCriteria[]) => void;
}

/** The criteria to insert: this issue's own, and each similar issue's quoted ones, in order. */
function criteriaToInsert(criteria: string[], quotedFrom: (number | null)[]) {
  const own: string[] = [];
  const quoted: QuotedCriteria[] = [];
  criteria.forEach((text, index) => {
    const criterion = text.trim();
    if (!criterion) return;
    const issueNumber = quotedFrom[index] ?? null;
    if (issueNumber === null) {
      own.push(criterion);
      return;
    }
    const group = quoted.find((each) => each.issueNumber === issueNumber);
    if (group) group.criteria = [...group.criteria, criterion];
    else quoted.push({ issueNumber, criteria: [criterion] });
  });
  return { own, quoted };
}

/**
 * "Suggest acceptance criteria" in the issue editor: proposes a checklist (from the configured
 * model, streamed, or from similar closed issues) that the person edits before inserting it into
 * the description. Hidden when AI suggestions are off here or for the organisation.
 */
export function AcceptanceCriteriaSuggester({ onInsert, ...input }: AcceptanceCriteriaSuggesterProps) {
  const available = useAiAvailable(input.workspaceId);
  const { state, start, stop, edit, reset } = useAcceptanceCriteria();
  if (!available) return null;

  if (state.status === "idle") {
    return (
      <div className={styles.start}>
        <Button onClick={() => start(input)} disabled={!input.title.trim()}>
          <SparkleFillIcon aria-hidden />
          Suggest acceptance criteria
        </Button>
      </div>
    );
  }

  const streaming = state.status === "streaming";
  const { own, quoted } = criteriaToInsert(state.criteria, state.quotedFrom);
  const keptCount = own.length + quoted.reduce((count, group) => count + group.criteria.length, 0);
  const drawnFrom = state.similarIssues.map((issue) => `#${issue.number} ${issue.title}`).join(", ");
  return (
    <section className={styles.panel} aria-label="Suggested acceptance criteria" aria-busy={streaming}>
      <h3 className={styles.heading}>
        <SparkleFillIcon aria-hidden />
        Suggested acceptance criteria
      </h3>
      <p className={styles.status} aria-live="polite">
        {streaming
          ? "Asking the AI service…"
          : (state.message ?? (state.failure ? null : "Edit the criteria, then insert them into the description."))}
      </p>
      {state.failure ? (
        <p className={form.smallError} role="alert">
          {state.failure}
        </p>
      ) : null}
      {streaming ? (
        <ul className={styles.streamed}>
          {state.criteria.map((criterion, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the streamed list only grows, in place
            <li key={index}>{criterion}</li>
          ))}
        </ul>
      ) : (
        <ol className={styles.list}>
          {state.criteria.map((criterion, index) => {
            const from = state.quotedFrom[index] ?? null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their position is their identity
              <li key={index} className={`${styles.row} ${from === null ? "" : styles.quotedRow}`}>
                {from === null ? null : (
                  <span className={styles.quotedFrom}>
                    <QuoteIcon aria-hidden />
                    from similar issue #{from}
                  </span>
                )}
                <input
                  className={`${form.input} ${styles.input}`}
                  aria-label={`Criterion ${index + 1}${from === null ? "" : `, from similar issue #${from}`}`}
                  value={criterion}
                  onChange={(event) =>
                    // Rewritten, a quoted criterion is the person's own for this issue.
                    edit(
                      state.criteria.map((c, i) => (i === index ? event.target.value : c)),
                      state.quotedFrom.map((f, i) => (i === index ? null : f)),
                    )
                  }
                />
                <IconButton
                  size="large"
                  tone="danger"
                  label={`Remove criterion ${index + 1}`}
                  icon={<XIcon aria-hidden />}
                  onClick={() =>
                    edit(
                      state.criteria.filter((_, i) => i !== index),
                      state.quotedFrom.filter((_, i) => i !== index),
                    )
                  }
                />
              </li>
            );
          })}
        </ol>
      )}
      {drawnFrom ? (
        <p className={styles.sources}>
          {state.source === "MODEL" ? "Similar closed issues given as examples: " : "Drawn from: "}
          {drawnFrom}
        </p>
      ) : null}
      <div className={form.actions}>
        {streaming ? (
          <Button onClick={stop}>Stop</Button>
        ) : (
          <>
            <Button onClick={() => edit([...state.criteria, ""], [...state.quotedFrom, null])}>
              <PlusIcon aria-hidden />
              Add criterion
            </Button>
            <Button onClick={reset}>Discard</Button>
            <Button
              variant="primary"
              disabled={keptCount === 0}
              onClick={() => {
                onInsert(own, quoted);
                reset();
              }}
            >
              Insert into description
            </Button>
          </>
        )}
      </div>
    </section>
  );
}
