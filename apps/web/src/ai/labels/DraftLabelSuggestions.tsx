import { XIcon } from "@primer/octicons-react";
import { useState } from "react";
import { useDebouncedValue } from "../../ui/use-debounced-value";
import { useAiSuggestionsPreference } from "../use-ai-suggestions-preference";
import styles from "./LabelSuggestions.module.css";
import { useDraftLabelSuggestions } from "./label-suggestions-api";
import { SuggestionChips, SuggestionsProblem } from "./SuggestionChips";

/** How long typing must pause before the draft is sent for suggestions. */
export const DRAFT_PAUSE_MS = 500;
const SEPARATOR = "\u0000";

interface DraftLabelSuggestionsProps {
  workspaceId: string;
  title: string;
  body: string;
  /** The labels the new issue will be created with. */
  labels: string[];
  onLabelsChange: (labels: string[]) => void;
}

/**
 * The new-issue dialog's suggestions: accepting puts the label on the issue about to be created
 * (shown under "Labels", removable); dismissing hides it for this draft. Asked once typing pauses.
 */
export function DraftLabelSuggestions({
  workspaceId,
  title,
  body,
  labels,
  onLabelsChange,
}: DraftLabelSuggestionsProps) {
  const { enabled } = useAiSuggestionsPreference();
  // One string, so an unchanged draft is an unchanged value and the pause settles.
  const [settledTitle = "", settledBody = ""] = useDebouncedValue(`${title}${SEPARATOR}${body}`, DRAFT_PAUSE_MS).split(
    SEPARATOR,
  );
  const [dismissed, setDismissed] = useState<string[]>([]);
  const query = useDraftLabelSuggestions(
    workspaceId,
    { title: settledTitle, body: settledBody, labels },
    enabled && settledTitle.trim() !== "",
  );
  if (!enabled) return null;
  const suggestions = (query.data ?? []).filter(
    (label) => !dismissed.includes(label.name) && !labels.includes(label.name),
  );
  return (
    <>
      {labels.length ? (
        <div className={styles.suggestions}>
          <h3 className={styles.heading}>Labels</h3>
          <ul className={styles.chips} aria-label="Labels">
            {labels.map((name) => (
              <li key={name} className={styles.chosen}>
                {name}
                <button
                  type="button"
                  className={styles.dismiss}
                  onClick={() => onLabelsChange(labels.filter((label) => label !== name))}
                  aria-label={`Remove label ${name}`}
                >
                  <XIcon aria-hidden size={12} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {query.isError ? <SuggestionsProblem retry={() => void query.refetch()} /> : null}
      {suggestions.length ? (
        <SuggestionChips
          suggestions={suggestions}
          onAccept={(label) => onLabelsChange([...labels, label.name])}
          onDismiss={(label) => setDismissed([...dismissed, label.name])}
        />
      ) : null}
    </>
  );
}
