import { PlusIcon, SparkleFillIcon, XIcon } from "@primer/octicons-react";
import { Button } from "../../ui/Button";
import styles from "./LabelSuggestions.module.css";
import type { SuggestedLabel } from "./label-suggestions-api";

const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

export const labelColor = (color: string) => (color.startsWith("#") ? color : `#${color}`);

interface SuggestionChipsProps {
  suggestions: SuggestedLabel[];
  onAccept: (label: SuggestedLabel) => void;
  onDismiss: (label: SuggestedLabel) => void;
  /** The label being added: every accept waits for it, its own dismiss too. */
  adding?: string | null;
  problem?: string | null;
}

/**
 * "Suggested labels": one chip per suggestion, "+ name" to accept and × to dismiss. Plain
 * buttons, so Tab and Enter reach them; their names carry the confidence for screen readers.
 */
export function SuggestionChips({
  suggestions,
  onAccept,
  onDismiss,
  adding = null,
  problem = null,
}: SuggestionChipsProps) {
  return (
    <section className={styles.suggestions} aria-label="Suggested labels">
      <h3 className={styles.heading}>
        <SparkleFillIcon aria-hidden size={12} />
        Suggested labels
      </h3>
      <ul className={styles.chips}>
        {suggestions.map((label) => (
          <li key={label.name} className={styles.chip} title={`${percent(label.confidence)} confident`}>
            <button
              type="button"
              className={styles.accept}
              onClick={() => onAccept(label)}
              disabled={adding !== null}
              aria-label={`Add label ${label.name} (${percent(label.confidence)} confident)`}
            >
              <PlusIcon aria-hidden size={12} />
              {label.color ? (
                <span className={styles.dot} style={{ backgroundColor: labelColor(label.color) }} aria-hidden />
              ) : null}
              {label.name}
            </button>
            <button
              type="button"
              className={styles.dismiss}
              onClick={() => onDismiss(label)}
              disabled={adding === label.name}
              aria-label={`Dismiss suggestion ${label.name}`}
            >
              <XIcon aria-hidden size={12} />
            </button>
          </li>
        ))}
      </ul>
      {problem ? (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}

/** Suggestions failed to load: said quietly, with a retry, never in the way of editing. */
export function SuggestionsProblem({ retry }: { retry: () => void }) {
  return (
    <p className={styles.problem} role="status">
      Label suggestions could not be loaded.{" "}
      <Button variant="inline" onClick={retry}>
        Try again
      </Button>
    </p>
  );
}
