import { schema } from "@gantry/db";
import { and, asc, eq, ilike, inArray, notInArray, or } from "drizzle-orm";
import { IdInput, idsOf } from "../board/search-input.js";
import { Issue } from "../codehost/issues-schema.js";
import { builder } from "../graphql/builder.js";
import { arrayConnection } from "../graphql/connections.js";
import { signedInViewer } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { GantryEpic } from "../issues/field-types.js";
import { issueOnBoardOf } from "../issues/on-board.js";
import { requireWorkspace } from "../organizations/access.js";

/** The reference's filter of searchIssuesByZenhubEpics: which workspaces' boards (an epic's workspace here). */
const GantryEpicIssueSearchFiltersInput = builder.inputType("GantryEpicIssueSearchFiltersInput", {
  fields: (t) => ({ workspaces: t.field({ type: IdInput, required: false }) }),
});

const { gantryEpicIssues, gantryEpics, issues, workspaceRepositories } = schema;

/** One request's epics; more is a script that should page through its epics instead. */
const MAX_EPICS = 50;

// The reference API's searchIssuesByZenhubEpics, for scripts that list an epic's issues across several epics at once.
builder.queryField("searchIssuesByGantryEpics", (t) =>
  t.connection({
    type: Issue,
    description: `The issues of these Gantry epics (at most ${MAX_EPICS}), on their workspaces' boards, by number; \`query\` keeps those whose title contains it or whose number it is.`,
    authScopes: { signedIn: true },
    args: {
      gantryEpicIds: t.arg.globalIDList({ required: true, for: GantryEpic }),
      filters: t.arg({
        type: GantryEpicIssueSearchFiltersInput,
        required: false,
        description: "`workspaces`: only epics of these workspaces (`in`), or of none of these (`nin`).",
      }),
      query: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, context) => {
      const viewer = signedInViewer(context);
      const ids = [...new Set(args.gantryEpicIds.map((id) => id.id))];
      if (ids.length === 0 || ids.length > MAX_EPICS) {
        throw new GantryError("BAD_USER_INPUT", `Give between 1 and ${MAX_EPICS} Gantry epic ids.`, {
          field: "gantryEpicIds",
        });
      }
      const epics = await context.db
        .select({ id: gantryEpics.id, workspaceId: gantryEpics.workspaceId })
        .from(gantryEpics)
        .where(inArray(gantryEpics.id, ids));
      if (epics.length < ids.length) throw new GantryError("NOT_FOUND", "One of these Gantry epics does not exist.");
      for (const workspaceId of new Set(epics.map((epic) => epic.workspaceId))) {
        await requireWorkspace(context.db, workspaceId, viewer.id, "viewer");
      }
      const workspaces = args.filters?.workspaces;
      const inWorkspaces = idsOf("filters.workspaces.in", "Workspace", workspaces?.in);
      const notInWorkspaces = idsOf("filters.workspaces.nin", "Workspace", workspaces?.nin);
      const text = (args.query ?? "").trim().slice(0, 200);
      const number = /^#?\d+$/.test(text) ? Number(text.replace("#", "")) : null;
      const rows = await context.db
        .selectDistinct({ issue: issues })
        .from(gantryEpicIssues)
        .innerJoin(gantryEpics, eq(gantryEpics.id, gantryEpicIssues.gantryEpicId))
        .innerJoin(issues, eq(issues.id, gantryEpicIssues.issueId))
        .innerJoin(workspaceRepositories, issueOnBoardOf(gantryEpics.workspaceId))
        .where(
          and(
            inArray(gantryEpicIssues.gantryEpicId, ids),
            inWorkspaces ? inArray(gantryEpics.workspaceId, inWorkspaces) : undefined,
            notInWorkspaces?.length ? notInArray(gantryEpics.workspaceId, notInWorkspaces) : undefined,
            text === ""
              ? undefined
              : or(
                  ilike(issues.title, `%${text.replace(/[\\%_]/g, "\\$&")}%`),
                  number === null ? undefined : eq(issues.number, number),
                ),
          ),
        )
        .orderBy(asc(issues.number), asc(issues.id));
      return arrayConnection(
        args,
        rows.map((row) => row.issue),
      );
    },
  }),
);
