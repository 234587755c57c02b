import { schema } from "@gantry/db";
import { count, eq } from "drizzle-orm";
import { Repository } from "../codehost/schema.js";
import { builder } from "../graphql/builder.js";
import { Release } from "../issues/field-types.js";
import { SprintConfig } from "../sprints/schema.js";
import { Workspace, workspaceForViewer } from "../workspaces/schema.js";

// Fields of the reference API that Gantry's rows already hold; added to the one schema, so the web app has them too.

builder.objectFields(Repository, (t) => ({
  createdAt: t.field({
    type: "ISO8601DateTime",
    description: "When Gantry first stored the repository.",
    resolve: (repository) => repository.createdAt,
  }),
  updatedAt: t.field({
    type: "ISO8601DateTime",
    description: "When Gantry last changed its copy of the repository.",
    resolve: (repository) => repository.updatedAt,
  }),
  isArchived: t.boolean({
    description: "Archived on GitHub (read-only there); false for a Gantry repository.",
    resolve: (repository) => repository.isArchived,
  }),
}));

builder.objectField(SprintConfig, "workspace", (t) =>
  t.field({
    type: Workspace,
    description: "The workspace whose sprints the config makes.",
    resolve: (config, _args, context) => workspaceForViewer(context, config.workspaceId),
  }),
);

builder.objectField(Release, "issuesCount", (t) =>
  t.int({
    description: "How many issues the release holds, open and closed.",
    resolve: async (release, _args, context) => {
      const [row] = await context.db
        .select({ value: count() })
        .from(schema.releaseIssues)
        .where(eq(schema.releaseIssues.releaseId, release.id));
      return row?.value ?? 0;
    },
  }),
);
