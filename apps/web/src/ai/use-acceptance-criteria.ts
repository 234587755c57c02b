import { useCallback, useEffect, useRef, useState } from "react";
import { useAuth } from "../accounts/auth-context";
import { GraphQLRequestError } from "../api/graphql";
import { runSubscription } from "../api/graphql-subscription";

const SUGGEST = `subscription suggestAcceptanceCriteria($input: SuggestAcceptanceCriteriaInput!) {
  suggestAcceptanceCriteria(input: $input) { source criteria criteriaFrom { number } done message failure similarIssues { id number title } }
}`;

export interface SuggestCriteriaInput {
  workspaceId: string;
  issueId: string | null;
  title: string;
  body: string | null;
}

interface Step {
  source: "MODEL" | "SIMILAR_CLOSED_ISSUES";
  criteria: string[];
  /** Drawn from similar closed issues: the issue each criterion was taken from (none from the model). */
  criteriaFrom: { number: number }[];
  done: boolean;
  message: string | null;
  failure: string | null;
  similarIssues: { id: string; number: number; title: string }[];
}

interface Suggestion extends Omit<Step, "done" | "criteriaFrom"> {
  /**
   * For each criterion, the number of the similar issue it is quoted from, or null when it is written
   * for this issue (by the model, or by the person: a quoted criterion they rewrite becomes theirs).
   */
  quotedFrom: (number | null)[];
}

export type CriteriaState = { status: "idle" } | ({ status: "streaming" | "done" } & Suggestion);

const suggestionOf = ({ done: _done, criteriaFrom, ...step }: Step): Suggestion => ({
  ...step,
  quotedFrom: step.criteria.map((_, index) => criteriaFrom[index]?.number ?? null),
});

const IDLE: CriteriaState = { status: "idle" };

/**
 * One acceptance-criteria suggestion at a time: started, streamed in step by step, then the
 * person's to edit. A refusal or a lost connection ends it with a message, never an exception,
 * so the editor around it carries on.
 */
export function useAcceptanceCriteria() {
  const { state: auth } = useAuth();
  const token = "token" in auth ? auth.token : null;
  const [state, setState] = useState<CriteriaState>(IDLE);
  const running = useRef<AbortController | null>(null);

  const stop = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState((current) => (current.status === "streaming" ? { ...current, status: "done" } : current));
  }, []);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    (input: SuggestCriteriaInput) => {
      running.current?.abort();
      const abort = new AbortController();
      running.current = abort;
      setState({
        status: "streaming",
        source: "MODEL",
        criteria: [],
        quotedFrom: [],
        message: null,
        failure: null,
        similarIssues: [],
      });
      const finish = (failure: string) =>
        setState((current) => (current.status === "idle" ? current : { ...current, status: "done", failure }));
      runSubscription<{ suggestAcceptanceCriteria: Step }>({
        query: SUGGEST,
        variables: { input },
        token,
        signal: abort.signal,
        onOpen: () => undefined,
        onData: ({ suggestAcceptanceCriteria: step }) =>
          setState({ status: step.done ? "done" : "streaming", ...suggestionOf(step) }),
      })
        .then(() => {
          if (!abort.signal.aborted)
            setState((current) => (current.status === "streaming" ? { ...current, status: "done" } : current));
        })
        .catch((error: unknown) => {
          if (abort.signal.aborted) return;
          finish(error instanceof GraphQLRequestError ? error.message : "The suggestion could not be loaded.");
        });
    },
    [token],
  );

  const edit = useCallback((criteria: string[], quotedFrom: (number | null)[]) => {
    setState((current) => (current.status === "done" ? { ...current, criteria, quotedFrom } : current));
  }, []);

  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState(IDLE);
  }, []);

  return { state, start, stop, edit, reset };
}
