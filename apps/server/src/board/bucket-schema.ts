import { encodeGlobalID } from "@pothos/plugin-relay";
import { builder, decodeGantryId } from "../graphql/builder.js";
import { IssueCountProgress, IssueEstimateProgress } from "../issues/field-types.js";
import { Workspace } from "../workspaces/schema.js";
import { type BucketKind, findBucket, type IssueBucket as IssueBucketData } from "./buckets.js";

const BUCKET_TYPENAMES: Record<BucketKind, string> = {
  SPRINT: "Sprint",
  RELEASE: "Release",
  GANTRY_EPIC: "GantryEpic",
  EPIC: "Issue",
};

const IssueBucketKind = builder.enumType("IssueBucketKind", {
  values: ["SPRINT", "RELEASE", "GANTRY_EPIC", "EPIC"] as const,
});

const IssueBucket = builder.objectRef<IssueBucketData>("IssueBucket").implement({
  description:
    "A container of issues the board can be narrowed to: a sprint, a release, a Gantry epic or a GitHub epic.",
  fields: (t) => ({
    id: t.id({
      description: "The sprint's, release's, epic's or epic issue's own id.",
      resolve: (bucket) => encodeGlobalID(BUCKET_TYPENAMES[bucket.kind], bucket.id),
    }),
    kind: t.field({ type: IssueBucketKind, resolve: (bucket) => bucket.kind }),
    name: t.exposeString("name"),
    startAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (bucket) => bucket.startAt }),
    endAt: t.field({ type: "ISO8601DateTime", nullable: true, resolve: (bucket) => bucket.endAt }),
    issueCountProgress: t.field({ type: IssueCountProgress, resolve: (bucket) => bucket.issues }),
    issueEstimateProgress: t.field({ type: IssueEstimateProgress, resolve: (bucket) => bucket.points }),
  }),
});

builder.objectField(Workspace, "issueBucket", (t) =>
  t.field({
    type: IssueBucket,
    nullable: true,
    description: "One of the workspace's buckets by its id (the board's `issuesBucketId`); null when it has none such.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (workspace, args, context) => findBucket(context.db, workspace.id, decodeGantryId(String(args.id))),
  }),
);
