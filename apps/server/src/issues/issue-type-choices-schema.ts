import { type IssueTypeChoice, issueTypeChoices } from "../codehost/issue-types.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";

const IssueTypeChoiceRef = builder.objectRef<IssueTypeChoice>("IssueTypeChoice").implement({
  description: "An issue type an issue may be given: one of a GitHub organisation's issue types.",
  fields: (t) => ({
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    color: t.exposeString("color", { nullable: true, description: "GitHub's colour name (gray, blue, red, …)." }),
  }),
});

builder.objectField(Issue, "issueTypeChoices", (t) =>
  t.field({
    type: [IssueTypeChoiceRef],
    description:
      "The issue types this issue may be given with setIssuesType: its organisation's GitHub issue types, or for a native issue those of the organisations on its boards (decision 0064).",
    resolve: (issue, _args, context) => issueTypeChoices(context.db, issue),
  }),
);
