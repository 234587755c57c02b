#!/usr/bin/env node
/**
 * Sprint report for a ZenHub workspace, written against ZenHub's public GraphQL API.
 *
 *   ZENHUB_GRAPHQL_URL=https://api.zenhub.com/public/graphql \
 *   ZENHUB_API_KEY=zh_... \
 *   node zenhub-sprint-report.mjs --workspace "Platform" [--plan "Backlog" --into "In Progress" --default-estimate 2]
 *
 * Without --plan it only reads: every pipeline's issues and points, the active sprint and each epic's progress.
 * With --plan it first commits that pipeline's open issues to the active sprint: unestimated ones get
 * --default-estimate, all are added to the sprint and moved, in their order, to the top of --into.
 *
 * Kept exactly as written for ZenHub: ../porting-from-zenhub.md ports it by changing its two environment variables.
 */
import { parseArgs } from "node:util";

const ENDPOINT = process.env.ZENHUB_GRAPHQL_URL ?? "https://api.zenhub.com/public/graphql";
const API_KEY = process.env.ZENHUB_API_KEY;
const PAGE_SIZE = 25;

const ISSUE_FIELDS = `
fragment IssueFields on Issue {
  id
  number
  title
  state
  estimate { value }
  repository { name }
}`;

const FIND_WORKSPACE = `
query FindWorkspace($query: String!) {
  viewer {
    searchWorkspaces(query: $query, first: 10) {
      nodes { id name zenhubOrganization { name } }
    }
  }
}`;

const BOARD = `
query Board($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    id
    name
    activeSprint { id name startAt endAt totalPoints completedPoints closedIssuesCount }
    pipelinesConnection(first: 50) { nodes { id name } }
  }
}`;

const PIPELINE_ISSUES = `
query PipelineIssues($pipelineId: ID!, $first: Int!, $after: String) {
  searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { ...IssueFields }
  }
}
${ISSUE_FIELDS}`;

const SET_ESTIMATE = `
mutation SetEstimate($issueId: ID!, $value: Float!) {
  setEstimate(input: { issueId: $issueId, value: $value }) {
    issue { id estimate { value } }
  }
}`;

const ADD_TO_SPRINT = `
mutation AddIssuesToSprint($issueIds: [ID!]!, $sprintId: ID!) {
  addIssuesToSprints(input: { issueIds: $issueIds, sprintIds: [$sprintId] }) {
    sprintIssues { id issue { number } sprint { name } }
  }
}`;

const MOVE_ISSUE = `
mutation MoveIssue($issueId: ID!, $pipelineId: ID!, $position: Int) {
  moveIssue(input: { issueId: $issueId, pipelineId: $pipelineId, position: $position }) {
    issue { id number }
  }
}`;

const EPICS = `
query Epics($workspaceId: ID!, $after: String) {
  workspace(id: $workspaceId) {
    zenhubEpics(first: 50, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes { id title state }
    }
  }
}`;

const EPIC_CHILDREN = `
query EpicChildren($epicId: ID!, $workspaceId: ID!, $first: Int!, $after: String) {
  node(id: $epicId) {
    ... on ZenhubEpic {
      childIssues(workspaceId: $workspaceId, first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes { ...IssueFields }
      }
    }
  }
}
${ISSUE_FIELDS}`;

async function graphql(query, variables = {}) {
  const response = await fetch(ENDPOINT, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Authorization: `Bearer ${API_KEY}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  if (!response.ok) {
    throw new Error(`ZenHub API answered HTTP ${response.status}: ${await response.text()}`);
  }
  const { data, errors } = await response.json();
  if (errors?.length) {
    throw new Error(`ZenHub API error: ${errors.map((error) => error.message).join("; ")}`);
  }
  return data;
}

/** Follows `pageInfo.endCursor` until the last page; `select` picks the connection out of each answer. */
async function allPages(query, variables, select) {
  const nodes = [];
  let after = null;
  do {
    const connection = select(await graphql(query, { ...variables, after }));
    nodes.push(...connection.nodes);
    after = connection.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  } while (after);
  return nodes;
}

const pipelineIssues = (pipelineId) =>
  allPages(PIPELINE_ISSUES, { pipelineId, first: PAGE_SIZE }, (data) => data.searchIssuesByPipeline);

const points = (issues) => issues.reduce((sum, issue) => sum + (issue.estimate?.value ?? 0), 0);

async function findWorkspace(name) {
  const { viewer } = await graphql(FIND_WORKSPACE, { query: name });
  const found = viewer.searchWorkspaces.nodes;
  const workspace = found.find((candidate) => candidate.name.toLowerCase() === name.toLowerCase()) ?? found[0];
  if (!workspace) throw new Error(`No workspace matches "${name}"`);
  return workspace;
}

function pipelineNamed(board, name) {
  const pipeline = board.pipelinesConnection.nodes.find((candidate) => candidate.name === name);
  if (!pipeline) throw new Error(`No pipeline named "${name}" in ${board.name}`);
  return pipeline;
}

async function planSprint(board, { plan, into, defaultEstimate }) {
  const sprint = board.activeSprint;
  if (!sprint) throw new Error(`${board.name} has no active sprint to plan`);
  const from = pipelineNamed(board, plan);
  const to = pipelineNamed(board, into);
  const open = (await pipelineIssues(from.id)).filter((issue) => issue.state === "OPEN");
  if (open.length === 0) {
    console.log(`Nothing to plan: ${from.name} has no open issues.`);
    return;
  }
  for (const issue of open) {
    if (issue.estimate === null && defaultEstimate !== undefined) {
      await graphql(SET_ESTIMATE, { issueId: issue.id, value: defaultEstimate });
      console.log(`Estimated #${issue.number} at ${defaultEstimate}`);
    }
  }
  const added = await graphql(ADD_TO_SPRINT, { issueIds: open.map((issue) => issue.id), sprintId: sprint.id });
  console.log(`Added ${added.addIssuesToSprints.sprintIssues.length} issues to ${sprint.name}`);
  for (const [position, issue] of open.entries()) {
    await graphql(MOVE_ISSUE, { issueId: issue.id, pipelineId: to.id, position });
  }
  console.log(`Moved ${open.length} issues from ${from.name} to ${to.name}`);
}

async function report(workspace) {
  const { workspace: board } = await graphql(BOARD, { workspaceId: workspace.id });
  console.log(`# ${board.name}`);
  console.log("");
  console.log("## Pipelines");
  for (const pipeline of board.pipelinesConnection.nodes) {
    const issues = await pipelineIssues(pipeline.id);
    console.log(`- ${pipeline.name}: ${issues.length} issues, ${points(issues)} points`);
  }
  console.log("");
  const sprint = board.activeSprint;
  if (sprint) {
    console.log(`## ${sprint.name} (${sprint.startAt.slice(0, 10)} to ${sprint.endAt.slice(0, 10)})`);
    console.log(
      `${sprint.completedPoints} of ${sprint.totalPoints} points done, ${sprint.closedIssuesCount} issues closed`,
    );
  } else {
    console.log("## No active sprint");
  }
  console.log("");
  console.log("## Epics");
  const epics = await allPages(EPICS, { workspaceId: board.id }, (data) => data.workspace.zenhubEpics);
  for (const epic of epics) {
    const children = await allPages(
      EPIC_CHILDREN,
      { epicId: epic.id, workspaceId: board.id, first: PAGE_SIZE },
      (data) => data.node.childIssues,
    );
    const closed = children.filter((issue) => issue.state === "CLOSED").length;
    const numbers = children.map((issue) => `#${issue.number}`).join(" ");
    console.log(
      `- ${epic.title} [${epic.state}]: ${closed}/${children.length} closed, ${points(children)} points ${numbers}`.trimEnd(),
    );
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      workspace: { type: "string" },
      plan: { type: "string" },
      into: { type: "string", default: "In Progress" },
      "default-estimate": { type: "string" },
    },
  });
  if (!API_KEY) throw new Error("Set ZENHUB_API_KEY to a ZenHub API key");
  if (!values.workspace) throw new Error('Usage: zenhub-sprint-report.mjs --workspace "<name>" [--plan "<pipeline>"]');
  const defaultEstimate = values["default-estimate"] === undefined ? undefined : Number(values["default-estimate"]);
  if (defaultEstimate !== undefined && !Number.isFinite(defaultEstimate)) {
    throw new Error("--default-estimate must be a number");
  }
  const workspace = await findWorkspace(values.workspace);
  if (values.plan) {
    const { workspace: board } = await graphql(BOARD, { workspaceId: workspace.id });
    await planSprint(board, { plan: values.plan, into: values.into, defaultEstimate });
    console.log("");
  }
  await report(workspace);
}

main().catch((error) => {
  console.error(error.message);
  process.exitCode = 1;
});
