import type { OpenClosed, ZenhubStore, ZhIssue, ZhPipeline, ZhWorkspace } from "./data.js";

/** A GitHub issue or pull request the seeded workspace holds, as the code host has it. */
export interface SeedIssue {
  number: number;
  ghId: number;
  title: string;
  state: "open" | "closed";
  pullRequest: boolean;
}

export interface SeedRepository {
  ghId: number;
  ownerName: string;
  name: string;
  issues: SeedIssue[];
}

export interface SeedOptions {
  /** The API key that may read the workspace. */
  key: string;
  name: string;
  repositories: SeedRepository[];
  /** ZenHub-native issues to add (default 2). */
  nativeIssues?: number;
  /** "Now" for sprint dates: two closed sprints before it, one open around it. */
  now?: Date;
}

const PIPELINES: Omit<ZhPipeline, "id">[] = [
  { name: "New Issues", description: "Triage lands here", stage: null },
  { name: "Icebox", description: "Not now, maybe later", stage: null },
  { name: "Backlog", description: "Ready to be planned", stage: "BACKLOG" },
  { name: "Sprint Backlog", description: null, stage: "SPRINT_BACKLOG" },
  { name: "In Progress", description: "Someone is on it", stage: "DEVELOPMENT" },
  { name: "Review/QA", description: null, stage: "REVIEW" },
  { name: "Done", description: "Merged, waiting for release", stage: "COMPLETED" },
];
const ESTIMATES = [1, 2, 3, 5, 8, 13, 21];
const DAY = 86_400_000;
const SPRINT_SIZE = 40;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A ZenHub workspace over the given GitHub repositories, laid out the way a team's real one is:
 * every open issue in one of seven pipelines in a fixed order, estimates on most, priorities on
 * some, pull requests connected to the issue before them, a parent issue, a ZenHub epic and a
 * GitHub-issue epic, two closed sprints and an open one, a release, a blocking dependency, and
 * ZenHub-native issues. Deterministic, so tests can name what they expect.
 */
export function seedWorkspace(store: ZenhubStore, options: SeedOptions): ZhWorkspace {
  const now = options.now ?? new Date();
  store.keys.set(options.key, "Dana Demo");
  const organization = { id: store.nodeId("ZenhubOrganization"), name: "Acme on ZenHub" };
  store.organizations.set(organization.id, organization);
  const workspace: ZhWorkspace = {
    id: store.nodeId("Workspace"),
    name: options.name,
    organizationId: organization.id,
    readers: new Set([options.key]),
    repositoryIds: [],
    pipelines: PIPELINES.map((pipeline) => ({ id: store.nodeId("Pipeline"), ...pipeline })),
    priorities: [
      { id: store.nodeId("Priority"), name: "High priority", color: "#ff5630" },
      { id: store.nodeId("Priority"), name: "Someday", color: "#6554c0" },
    ],
    labels: [
      {
        id: store.nodeId("ZenhubLabel"),
        name: "customer-request",
        color: "#1f75cb",
        description: "Asked for by a customer",
      },
      { id: store.nodeId("ZenhubLabel"), name: "tech-debt", color: "#e5a00d", description: null },
    ],
    zenhubEpics: [],
    epics: [],
    sprintConfig: null,
    sprints: [],
    releases: [],
    dependencies: [],
  };
  store.workspaces.set(workspace.id, workspace);

  const open: ZhIssue[] = [];
  const closed: ZhIssue[] = [];
  const addIssue = (repositoryId: string, issue: Omit<SeedIssue, "state"> & { state: OpenClosed }, body = "") => {
    const index = open.length + closed.length;
    const record: ZhIssue = {
      id: store.nodeId("Issue"),
      repositoryId,
      number: issue.number,
      ghId: issue.ghId,
      title: issue.title,
      body,
      state: issue.state,
      pullRequest: issue.pullRequest,
      estimate: index % 4 === 3 ? null : (ESTIMATES[index % ESTIMATES.length] ?? null),
      pipelineId: null,
      position: 0,
      priorityId: index % 3 === 0 ? (workspace.priorities[index % 2]?.id ?? null) : null,
      parentIssueId: null,
      connectedPrIds: [],
      // Every fifth issue carries ZenHub's "tech-debt" label.
      zenhubLabelIds: index % 5 === 1 ? workspace.labels.slice(1, 2).map((label) => label.id) : [],
      createdAt: new Date(now.getTime() - (1000 - index) * 3_600_000).toISOString(),
    };
    store.issues.set(record.id, record);
    (record.state === "OPEN" ? open : closed).push(record);
    return record;
  };

  for (const repository of options.repositories) {
    const id = store.nodeId("Repository");
    store.repositories.set(id, { id, type: "GithubRepository", estimateValues: ESTIMATES, ...repository });
    workspace.repositoryIds.push(id);
    let lastIssue: ZhIssue | null = null;
    for (const issue of repository.issues) {
      const record = addIssue(id, { ...issue, state: issue.state === "open" ? "OPEN" : "CLOSED" });
      if (record.pullRequest && lastIssue) lastIssue.connectedPrIds.push(record.id);
      else if (!record.pullRequest) lastIssue = record;
    }
  }
  const zenhubRepository = store.nodeId("Repository");
  store.repositories.set(zenhubRepository, {
    id: zenhubRepository,
    ghId: 0,
    name: options.name,
    ownerName: organization.name,
    type: "ZenhubRepository",
    estimateValues: ESTIMATES,
  });
  workspace.repositoryIds.push(zenhubRepository);
  for (let number = 1; number <= (options.nativeIssues ?? 2); number++) {
    addIssue(
      zenhubRepository,
      { number, ghId: 0, title: `ZenHub task ${number}`, state: "OPEN", pullRequest: false },
      `Planned in ZenHub (${number})`,
    ).ghId = null;
  }

  // Round-robin over the pipelines, each pipeline's issues in reverse creation order, so the
  // order on the board is not the order issues were created in.
  open.forEach((issue, index) => {
    issue.pipelineId = workspace.pipelines[index % workspace.pipelines.length]?.id ?? null;
    issue.position = (open.length - index) * 1024;
  });

  const plain = open.filter((issue) => !issue.pullRequest);
  const [first, second, third, fourth, fifth, sixth] = plain;
  if (first && second) {
    second.parentIssueId = first.id;
    workspace.dependencies.push({
      id: store.nodeId("IssueDependency"),
      blockingIssueId: first.id,
      blockedIssueId: second.id,
    });
  }
  // The epic's owners: the person importing (GitHub login "demo", as in the hub sandbox's demo data) and
  // someone with no Gantry account, whom the import reports instead of inventing.
  const owners = [
    { id: store.nodeId("ZenhubUser"), name: "Dana Demo", email: "demo@zenhub.example", githubLogin: "demo" },
    { id: store.nodeId("ZenhubUser"), name: "Olu Outside", email: "olu@elsewhere.example", githubLogin: null },
  ];
  for (const owner of owners) store.users.set(owner.id, owner);
  workspace.zenhubEpics.push({
    id: store.nodeId("ZenhubEpic"),
    title: "Checkout revamp",
    body: "Everything that makes paying easier.",
    state: "IN_PROGRESS",
    startOn: isoDay(new Date(now.getTime() - 14 * DAY)),
    endOn: isoDay(new Date(now.getTime() + 30 * DAY)),
    issueIds: [first, third, fourth].flatMap((issue) => (issue ? [issue.id] : [])),
    assigneeIds: owners.map((owner) => owner.id),
    labelIds: workspace.labels.map((label) => label.id),
  });
  if (fifth && sixth) workspace.epics.push({ id: store.nodeId("Epic"), issueId: fifth.id, childIssueIds: [sixth.id] });

  const sprintStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 30 * DAY);
  workspace.sprintConfig = {
    id: store.nodeId("SprintConfig"),
    name: "Sprint",
    period: 2,
    tzIdentifier: "UTC",
    startDay: "MONDAY",
    endDay: "MONDAY",
    moveUnfinishedIssues: true,
    issuesFromPipelineId: null,
    totalStoryPoints: null,
  };
  const everyone = [...plain, ...closed.filter((issue) => !issue.pullRequest)];
  for (let k = 0; k < 3; k++) {
    const startAt = new Date(sprintStart.getTime() + k * 14 * DAY);
    workspace.sprints.push({
      id: store.nodeId("Sprint"),
      name: `Sprint ${k + 1}`,
      description: k === 0 ? "The first one" : "",
      startAt: startAt.toISOString(),
      endAt: new Date(startAt.getTime() + 14 * DAY).toISOString(),
      state: startAt.getTime() + 14 * DAY < now.getTime() ? "CLOSED" : "OPEN",
      // A team's sprint holds tens of issues, however large the workspace.
      issueIds: everyone
        .filter((_, index) => index % 3 === k)
        .slice(0, SPRINT_SIZE)
        .map((issue) => issue.id),
    });
  }
  workspace.releases.push({
    id: store.nodeId("Release"),
    title: "Spring launch",
    description: "The public launch",
    startOn: isoDay(sprintStart),
    endOn: isoDay(new Date(now.getTime() + 45 * DAY)),
    state: "OPEN",
    issueIds: plain.slice(0, 4).map((issue) => issue.id),
    // For the first GitHub repository only, as a release of one product is.
    repositoryIds: workspace.repositoryIds.slice(0, 1),
  });
  return workspace;
}
