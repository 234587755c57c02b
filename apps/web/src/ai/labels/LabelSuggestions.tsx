import { useState } from "react";
import type { ViewedIssue } from "../../issues/issue-api";
import type { ApplyChange } from "../../issues/sidebar/field-changes";
import { currentValues } from "../../issues/sidebar/field-options";
import { useAiSuggestionsPreference } from "../use-ai-suggestions-preference";
import { type SuggestedLabel, useDismissLabelSuggestion, useSuggestedLabels } from "./label-suggestions-api";
import { SuggestionChips, SuggestionsProblem } from "./SuggestionChips";

interface LabelSuggestionsProps {
  workspaceId: string;
  issueId: string;
  /** The issue's title and description as saved: suggestions are asked again when they change. */
  text: string;
  /** Adds a label through the issue's own label editing (to GitHub too); rejects with the reason. */
  addLabel: (name: string) => Promise<void>;
}

/**
 * AI label suggestions under an issue's fields: chips the person accepts (the label is added)
 * or dismisses (not suggested for this issue again). Only for people who can change labels;
 * nothing shows when the AI suggestions preference is off, when the organisation turned AI off
 * (the server suggests nothing), or when the classifier is unsure.
 */
export function LabelSuggestions({ workspaceId, issueId, text, addLabel }: LabelSuggestionsProps) {
  const { enabled } = useAiSuggestionsPreference();
  const query = useSuggestedLabels(workspaceId, issueId, text, enabled);
  const dismiss = useDismissLabelSuggestion(workspaceId, issueId);
  const [adding, setAdding] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  if (!enabled) return null;
  if (query.isError) return <SuggestionsProblem retry={() => void query.refetch()} />;
  const suggestions = query.data ?? [];
  if (!suggestions.length && !problem) return null;

  const accept = async (label: SuggestedLabel) => {
    setProblem(null);
    setAdding(label.name);
    try {
      await addLabel(label.name);
      await query.refetch();
    } catch (error) {
      setProblem(`${label.name} could not be added: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setAdding(null);
    }
  };
  const turnDown = (label: SuggestedLabel) => {
    setProblem(null);
    dismiss.mutate(label.name, {
      onError: (error) => setProblem(`${label.name} could not be dismissed: ${error.message}`),
    });
  };

  return (
    <SuggestionChips
      suggestions={suggestions}
      onAccept={(label) => void accept(label)}
      onDismiss={turnDown}
      adding={adding}
      problem={problem}
    />
  );
}

interface IssueLabelSuggestionsProps {
  issue: ViewedIssue;
  workspaceId: string | null;
  canWrite: boolean;
  /** The sidebar's label change (addLabelsToIssues); null where labels cannot be changed. */
  applyLabels: ApplyChange | null;
  /** Reads the issue again once a label is added. */
  onApplied: () => Promise<void>;
}

/** The issue viewer's suggestions: only seen from a workspace, by someone who may change the labels. */
export function IssueLabelSuggestions({
  issue,
  workspaceId,
  canWrite,
  applyLabels,
  onApplied,
}: IssueLabelSuggestionsProps) {
  if (!workspaceId || !canWrite || !applyLabels) return null;
  const addLabel = async (name: string) => {
    const selected = currentValues("labels", issue).map((value) => value.id);
    await applyLabels({ selected: [...selected, name], added: [name], removed: [] });
    await onApplied();
  };
  return (
    <LabelSuggestions
      workspaceId={workspaceId}
      issueId={issue.id}
      text={`${issue.title}\n${issue.body ?? ""}`}
      addLabel={addLabel}
    />
  );
}
