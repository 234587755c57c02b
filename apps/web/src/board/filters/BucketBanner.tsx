import { formatNumber } from "@gantry/domain";
import { useQuery } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";
import { Button } from "../../ui/Button";
import { filterChanged } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import styles from "./BucketBanner.module.css";

interface Progress {
  closed: number;
  total: number;
}

export interface IssueBucket {
  id: string;
  kind: "SPRINT" | "RELEASE" | "GANTRY_EPIC" | "EPIC";
  name: string;
  startAt: string | null;
  endAt: string | null;
  issueCountProgress: Progress;
  issueEstimateProgress: Progress;
}

const KIND_NAMES: Record<IssueBucket["kind"], string> = {
  SPRINT: "Sprint",
  RELEASE: "Release",
  GANTRY_EPIC: "Epic",
  EPIC: "Epic",
};

const ISSUE_BUCKET = `query boardIssueBucket($workspaceId: ID!, $id: ID!) {
  workspace(id: $workspaceId) { id issueBucket(id: $id) {
    id kind name startAt endAt issueCountProgress { closed total } issueEstimateProgress { closed total }
  } }
}`;

function useIssueBucket(workspaceId: string, bucketId: string | null) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["board-issue-bucket", workspaceId, bucketId],
    enabled: bucketId !== null,
    queryFn: async () =>
      (
        await request<{ workspace: { issueBucket: IssueBucket | null } }>(ISSUE_BUCKET, {
          workspaceId,
          id: bucketId,
        })
      ).workspace.issueBucket,
  });
}

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { month: "short", day: "numeric" });

/** "Nov 9 – Nov 22", "from Nov 9", "until Nov 22", or nothing. */
export function bucketDates(bucket: Pick<IssueBucket, "startAt" | "endAt">): string | null {
  if (bucket.startAt && bucket.endAt) return `${day(bucket.startAt)} – ${day(bucket.endAt)}`;
  if (bucket.startAt) return `from ${day(bucket.startAt)}`;
  if (bucket.endAt) return `until ${day(bucket.endAt)}`;
  return null;
}

/**
 * The bucket view (docs/decisions/0010-board-views.md): with the board narrowed to one bucket, a
 * banner names it, gives its dates and how much of it is done, and leads back to the whole board.
 */
export function BucketBanner({ workspaceId }: { workspaceId: string }) {
  const filters = useBoardSelector((state) => state.board.filters);
  const dispatch = useBoardDispatch();
  const bucketIds = filters.issuesBucketIds.ids;
  const bucketId = bucketIds.length === 1 ? (bucketIds[0] ?? null) : null;
  const query = useIssueBucket(workspaceId, bucketId);
  if (bucketIds.length === 0) return null;

  const leave = () =>
    dispatch(filterChanged({ key: "issuesBucketIds", filters: { ...filters, issuesBucketIds: { ids: [] } } }));
  const bucket = query.data;
  const dates = bucket ? bucketDates(bucket) : null;
  const done = bucket?.issueCountProgress.total
    ? Math.round((bucket.issueCountProgress.closed / bucket.issueCountProgress.total) * 100)
    : 0;
  return (
    <section className={styles.banner} aria-label="Bucket view">
      <div className={styles.title}>
        {bucketIds.length > 1 ? (
          <strong>{bucketIds.length} buckets</strong>
        ) : query.isError ? (
          <span role="alert">We couldn't read this bucket: {query.error.message}</span>
        ) : query.isPending ? (
          <span className={styles.muted}>Loading the bucket…</span>
        ) : bucket === null ? (
          <span role="alert">This sprint, release or epic is not in this workspace.</span>
        ) : bucket ? (
          <>
            <span className={styles.kind}>{KIND_NAMES[bucket.kind]}</span>
            <strong>{bucket.name}</strong>
            {dates ? <span className={styles.muted}>{dates}</span> : null}
          </>
        ) : null}
      </div>
      {bucket ? (
        <div className={styles.progress}>
          <progress
            max={bucket.issueCountProgress.total || 1}
            value={bucket.issueCountProgress.closed}
            aria-label={`${done}% of issues closed`}
          />
          <span>
            {formatNumber(bucket.issueCountProgress.closed)} of {formatNumber(bucket.issueCountProgress.total)} issues
            closed · {formatNumber(bucket.issueEstimateProgress.closed)} of{" "}
            {formatNumber(bucket.issueEstimateProgress.total)} points done
          </span>
        </div>
      ) : null}
      <Button onClick={leave}>Show the whole board</Button>
    </section>
  );
}
