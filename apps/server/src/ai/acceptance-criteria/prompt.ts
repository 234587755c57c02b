import { MAX_ACCEPTANCE_CRITERIA, taskListItems } from "@gantry/domain";
import type { ChatMessage } from "../chat-completions.js";

/** How much of a description goes to the model: enough to say what the issue is, not pages of logs. */
const BODY_CHARACTERS = 4000;
const SIMILAR_BODY_CHARACTERS = 600;

export interface DraftIssue {
  title: string;
  body: string | null;
  labels: string[];
}

export interface ClosedIssueContext {
  number: number;
  title: string;
  body: string | null;
}

const excerpt = (text: string | null, length: number) => {
  const trimmed = (text ?? "").trim();
  return trimmed.length > length ? `${trimmed.slice(0, length)}…` : trimmed;
};

const SYSTEM = [
  "You write acceptance criteria for issues in a software team's tracker.",
  `Answer with 3 to ${MAX_ACCEPTANCE_CRITERIA} criteria as a Markdown task list, one per line, each line starting with "- [ ] ".`,
  "Each criterion is one short sentence a tester can check. Write nothing else: no heading, introduction or closing.",
].join(" ");

/** A closed issue as an example: its own criteria when it has some, else the start of its description. */
function closedIssueText(issue: ClosedIssueContext): string {
  const criteria = taskListItems(issue.body ?? "");
  const detail = criteria.length
    ? criteria.map((criterion) => `- [ ] ${criterion}`).join("\n")
    : excerpt(issue.body, SIMILAR_BODY_CHARACTERS);
  return `#${issue.number} ${issue.title}${detail ? `\n${detail}` : ""}`;
}

/** The request to the model: the issue's title, labels and description, and similar closed issues as examples. */
export function acceptanceCriteriaPrompt(issue: DraftIssue, similar: readonly ClosedIssueContext[]): ChatMessage[] {
  const parts = [
    `Title: ${issue.title.trim()}`,
    `Labels: ${issue.labels.length ? issue.labels.join(", ") : "none"}`,
    `Description:\n${excerpt(issue.body, BODY_CHARACTERS) || "(none)"}`,
  ];
  if (similar.length) {
    parts.push(
      `Similar closed issues in this workspace, for scope and style:\n\n${similar.map(closedIssueText).join("\n\n")}`,
    );
  }
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: parts.join("\n\n") },
  ];
}
