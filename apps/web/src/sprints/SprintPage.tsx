import { CURRENT_SPRINT_FILTER_VALUE, formatNumber } from "@gantry/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link, useParams } from "react-router";
import { useGraphQL } from "../api/use-graphql";
import { boardPath } from "../board/paths";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { LoadError } from "../ui/LoadError";
import { Loader } from "../ui/Loader";
import { Panel } from "../ui/Panel";
import { Page, PageHeader } from "../ui/page/Page";
import { StatusLabel } from "../ui/StatusLabel";
import textStyles from "../ui/text.module.css";
import { workspacePath } from "../workspaces/paths";
import { sprintDates } from "./predicted-sprint";
import styles from "./SprintPage.module.css";
import { SPRINT_ROLLOVER_FIELDS, SprintRollover, type SprintRolloverAnswer } from "./SprintRollover";
import type { SprintState } from "./sprints-api";

interface SprintDetails {
  id: string;
  name: string;
  state: SprintState;
  startAt: string;
  endAt: string;
  description: string | null;
  totalPoints: number;
  completedPoints: number;
  issueCount: number;
  closedIssuesCount: number;
  rollover: SprintRolloverAnswer | null;
}

interface SprintPageAnswer {
  workspace: {
    id: string;
    name: string;
    viewerPermission: "ADMIN" | "WRITE" | "READ" | "NONE";
    activeSprint: { id: string } | null;
    sprints: { nodes: SprintDetails[] };
  };
}

const SPRINT_PAGE = `query sprintPage($workspaceId: ID!, $sprintId: ID!) {
  workspace(id: $workspaceId) {
    id name viewerPermission activeSprint { id }
    sprints(first: 1, filters: { id: { in: [$sprintId] } }) {
      nodes { id name state startAt endAt description totalPoints completedPoints issueCount closedIssuesCount ${SPRINT_ROLLOVER_FIELDS} }
    }
  }
}`;

const UPDATE_SPRINT = `mutation updateSprint($sprintId: ID!, $description: String) {
  updateSprint(input: { sprintId: $sprintId, description: $description }) { sprint { id description } }
}`;

/** The board narrowed to the sprint; the running one through `current_sprint`, so the link keeps up as sprints roll over. */
export function sprintBoardPath(workspaceId: string, sprintId: string, isActive: boolean): string {
  const params: [string, string] = isActive ? ["sprints:settings", CURRENT_SPRINT_FILTER_VALUE] : ["sprints", sprintId];
  return `${boardPath(workspaceId)}?${new URLSearchParams([params])}`;
}

const points = (value: number) => `${formatNumber(value)} ${value === 1 ? "point" : "points"}`;

/** One sprint: its dates, goal, scope, and points committed against points done. */
export function SprintPage() {
  const { workspaceId = "", sprintId = "" } = useParams();
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const queryKey = ["sprint-page", workspaceId, sprintId];
  const query = useQuery({
    queryKey,
    queryFn: () => request<SprintPageAnswer>(SPRINT_PAGE, { workspaceId, sprintId }),
  });

  if (query.isError)
    return (
      <Page>
        <LoadError error={query.error} onRetry={() => void query.refetch()}>
          We couldn't load this sprint
        </LoadError>
      </Page>
    );
  if (!query.data)
    return (
      <Page>
        <Loader label="Loading the sprint" />
      </Page>
    );
  const { workspace } = query.data;
  const sprint = workspace.sprints.nodes[0];
  if (!sprint)
    return (
      <Page>
        <p role="alert">This sprint is not in this workspace.</p>
      </Page>
    );
  const isActive = workspace.activeSprint?.id === sprint.id;
  const canEdit = workspace.viewerPermission === "ADMIN" || workspace.viewerPermission === "WRITE";
  const done = sprint.totalPoints > 0 ? Math.round((sprint.completedPoints / sprint.totalPoints) * 100) : 0;
  const status = isActive ? "Current sprint" : sprint.state === "CLOSED" ? "Closed" : "Upcoming";

  return (
    <Page>
      <PageHeader title={sprint.name} breadcrumb={[{ label: workspace.name, to: workspacePath(workspaceId) }]}>
        <p className={styles.meta}>
          <StatusLabel tone={isActive ? "success" : "neutral"}>{status}</StatusLabel>
          {sprintDates(sprint)}
        </p>
        <Link className={styles.boardLink} to={sprintBoardPath(workspaceId, sprint.id, isActive)} reloadDocument>
          Show this sprint on the board
        </Link>
      </PageHeader>
      <dl className={styles.stats}>
        <div>
          <dt>Scope</dt>
          <dd>
            {sprint.issueCount} {sprint.issueCount === 1 ? "issue" : "issues"}
            <span className={textStyles.muted}> · {sprint.closedIssuesCount} closed</span>
          </dd>
        </div>
        <div>
          <dt>Committed</dt>
          <dd>{points(sprint.totalPoints)}</dd>
        </div>
        <div>
          <dt>Done</dt>
          <dd>
            {points(sprint.completedPoints)}
            <span className={textStyles.muted}> · {done}%</span>
          </dd>
        </div>
      </dl>
      <progress
        className={styles.progress}
        max={Math.max(sprint.totalPoints, 1)}
        value={sprint.completedPoints}
        aria-label={`${formatNumber(sprint.completedPoints)} of ${formatNumber(sprint.totalPoints)} points done`}
      />
      {sprint.rollover ? <SprintRollover workspaceId={workspaceId} rollover={sprint.rollover} /> : null}
      <SprintGoal
        key={sprint.description ?? ""}
        sprint={sprint}
        canEdit={canEdit}
        save={async (description) => {
          await request(UPDATE_SPRINT, { sprintId: sprint.id, description });
          await queryClient.invalidateQueries({ queryKey });
        }}
      />
    </Page>
  );
}

interface SprintGoalProps {
  sprint: Pick<SprintDetails, "description">;
  canEdit: boolean;
  save: (description: string) => Promise<void>;
}

/** The sprint's goal (its description), which workspace editors can change. */
function SprintGoal({ sprint, canEdit, save }: SprintGoalProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(sprint.description ?? "");
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await save(text.trim());
      setEditing(false);
    } catch (caught) {
      setFailure(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Panel
      title="Sprint goal"
      actions={canEdit && !editing ? <Button onClick={() => setEditing(true)}>Edit goal</Button> : null}
    >
      {editing ? (
        <form className={form.form} onSubmit={submit} aria-label="Sprint goal">
          <textarea
            className={form.textarea}
            aria-label="Sprint goal"
            value={text}
            onChange={(event) => setText(event.target.value)}
            // biome-ignore lint/a11y/noAutofocus: the person just asked to edit the goal.
            autoFocus
          />
          {failure ? (
            <p role="alert" className={form.error}>
              The goal was not saved: {failure}
            </p>
          ) : null}
          <div className={form.actions}>
            <Button
              onClick={() => {
                setText(sprint.description ?? "");
                setEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={saving}>
              {saving ? "Saving…" : "Save goal"}
            </Button>
          </div>
        </form>
      ) : sprint.description ? (
        <p className={styles.goalText}>{sprint.description}</p>
      ) : (
        <p className={textStyles.muted}>No goal set for this sprint.</p>
      )}
    </Panel>
  );
}
