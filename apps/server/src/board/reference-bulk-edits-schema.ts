import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { bulkOutput } from "./issue-mutations.js";
import { type IssuePatch, patches, updateIssues } from "./issue-writes.js";
import { issueWriteDeps } from "./schema.js";

// The reference's bulk edits that need no id Gantry lacks (decision 0080): clearing issues' milestone, and
// setting or clearing their issue type. They run setIssuesMilestone's and setIssuesType's writes.

builder.relayMutationField(
  "removeMilestoneToIssues",
  {
    name: "RemoveMilestoneForIssuesInput",
    inputFields: (t) => ({ issueIds: t.globalIDList({ required: true, for: Issue }) }),
  },
  {
    authScopes: { signedIn: true },
    nullable: true,
    description: "Clears the issues' milestone (setIssuesMilestone with no milestone).",
    resolve: (_root, { input }, context) =>
      updateIssues(
        issueWriteDeps(context),
        signedInViewer(context).id,
        input.issueIds.map((id) => id.id),
        patches.setMilestone(null),
      ),
  },
  { name: "RemoveMilestoneForIssuesPayload", ...bulkOutput },
);

builder.relayMutationField(
  "changeIssueTypeOfIssues",
  {
    inputFields: (t) => ({
      issueIds: t.globalIDList({ required: true, for: Issue }),
      issueTypeId: t.id({
        required: false,
        description:
          "Not taken: Gantry's issue types have no ids (they are names); set one by name with setIssuesType.",
      }),
      removeIssueType: t.boolean({ required: false, description: "true clears the issues' type." }),
    }),
  },
  {
    authScopes: { signedIn: true },
    description: "Clears the issues' type (removeIssueType); a type is set by name with setIssuesType.",
    resolve: (_root, { input }, context) => {
      if (input.issueTypeId !== null && input.issueTypeId !== undefined)
        throw new GantryError(
          "BAD_USER_INPUT",
          "Gantry's issue types have no ids; set an issue type by its name with setIssuesType. Nothing was changed.",
          { field: "issueTypeId" },
        );
      if (input.removeIssueType !== true)
        throw new GantryError("BAD_USER_INPUT", "Give removeIssueType: true to clear the issues' type.", {
          field: "removeIssueType",
        });
      const clear: IssuePatch = patches.setType(null);
      return updateIssues(
        issueWriteDeps(context),
        signedInViewer(context).id,
        input.issueIds.map((id) => id.id),
        clear,
      );
    },
  },
  bulkOutput,
);
