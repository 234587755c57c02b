import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";

export type RoadmapItemType = "GANTRY_EPIC" | "RELEASE" | "EPIC";

/** How each kind is named, and the filter argument narrowing it. */
export const ROADMAP_KINDS: Record<
  RoadmapItemType,
  { name: string; plural: string; ids: "gantryEpicIds" | "releaseIds" | "epicIds" }
> = {
  GANTRY_EPIC: { name: "Epic", plural: "Epics", ids: "gantryEpicIds" },
  RELEASE: { name: "Release", plural: "Releases", ids: "releaseIds" },
  EPIC: { name: "GitHub epic", plural: "GitHub epics", ids: "epicIds" },
};

/** A workspace's roadmap, or the roadmap of every workspace of an organisation the viewer may open. */
export type RoadmapScope = { kind: "workspace"; id: string } | { kind: "organization"; id: string };

interface ItemWorkspace {
  id: string;
  name: string;
  /** Whether the viewer may change the item's dates there. */
  canEdit: boolean;
}

/** What the roadmap shows of a Gantry epic or a release. */
export interface RoadmapItem {
  type: RoadmapItemType;
  id: string;
  title: string;
  state: "OPEN" | "CLOSED";
  startOn: string | null;
  endOn: string | null;
  issues: { closed: number; total: number };
  points: { closed: number; total: number };
  workspace: ItemWorkspace;
}

export interface RoadmapFilter {
  types: RoadmapItemType[];
  gantryEpicIds: string[];
  releaseIds: string[];
  epicIds: string[];
  /** Only these workspaces (the organisation's roadmap); all when empty. */
  workspaceIds: string[];
}

export const NO_FILTER: RoadmapFilter = { types: [], gantryEpicIds: [], releaseIds: [], epicIds: [], workspaceIds: [] };

type Permission = "ADMIN" | "WRITE" | "READ" | "NONE";
const canEdit = (permission: Permission) => permission === "ADMIN" || permission === "WRITE";

type AnswerWorkspace = { id: string; name: string; viewerPermission: Permission };
type ItemAnswer =
  | ({ workspace: AnswerWorkspace } & (
      | {
          __typename: "GantryEpic";
          id: string;
          title: string;
          epicState: "OPEN" | "CLOSED";
          startOn: string | null;
          endOn: string | null;
          gantryIssueCountProgress: { closed: number; total: number };
          gantryIssueEstimateProgress: { closed: number; total: number };
        }
      | {
          __typename: "Release";
          id: string;
          title: string;
          releaseState: "OPEN" | "CLOSED";
          startOn: string | null;
          endOn: string | null;
          issueCountProgress: { closed: number; total: number };
          issueEstimateProgress: { closed: number; total: number };
        }
    ))
  | {
      __typename: "Epic";
      id: string;
      // A GitHub epic may sit on several boards: the roadmap names one, nullable, hence another name.
      epicWorkspace: AnswerWorkspace | null;
      issue: { title: string; state: "OPEN" | "CLOSED" | "MERGED" };
      startOn: string | null;
      endOn: string | null;
      issueCountProgress: { closed: number; total: number };
      issueEstimateProgress: { closed: number; total: number };
    };

interface Page {
  nodes: ItemAnswer[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

type RoadmapAnswer =
  | { workspace: { id: string; name: string; viewerPermission: Permission; roadmapItems: Page } }
  | {
      node: {
        id: string;
        name: string;
        workspaces: { nodes: { id: string; name: string }[] };
        roadmapItems: Page;
      } | null;
    };

// The two kinds' `state` enums differ, so GraphQL wants them under different names.
const ITEMS = `pageInfo { hasNextPage endCursor }
      nodes {
        __typename
        ... on GantryEpic { id title epicState: state startOn endOn workspace { id name viewerPermission }
          gantryIssueCountProgress { closed total } gantryIssueEstimateProgress { closed total } }
        ... on Release { id title releaseState: state startOn endOn workspace { id name viewerPermission }
          issueCountProgress { closed total } issueEstimateProgress { closed total } }
        ... on Epic { id startOn endOn epicWorkspace: workspace { id name viewerPermission } issue { title state }
          issueCountProgress { closed total } issueEstimateProgress { closed total } }
      }`;
const ROADMAP = {
  workspace: `query roadmap($id: ID!, $after: String, $types: [RoadmapItemType!], $gantryEpicIds: [ID!], $releaseIds: [ID!], $epicIds: [ID!]) {
  workspace(id: $id) {
    id name viewerPermission
    roadmapItems(first: 100, after: $after, types: $types, gantryEpicIds: $gantryEpicIds, releaseIds: $releaseIds, epicIds: $epicIds) { ${ITEMS} }
  }
}`,
  organization: `query organizationRoadmap($id: ID!, $after: String, $types: [RoadmapItemType!], $gantryEpicIds: [ID!], $releaseIds: [ID!], $epicIds: [ID!], $workspaceIds: [ID!]) {
  node(id: $id) { ... on GantryOrganization {
    id name workspaces(first: 100) { nodes { id name } }
    roadmapItems(first: 100, after: $after, types: $types, gantryEpicIds: $gantryEpicIds, releaseIds: $releaseIds, epicIds: $epicIds, workspaceIds: $workspaceIds) { ${ITEMS} }
  } }
}`,
};

const EPIC_DATES = `mutation updateGantryEpicDates($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateGantryEpicDates(input: { gantryEpicId: $id, startOn: $startOn, endOn: $endOn }) { gantryEpic { id startOn endOn } }
}`;
const GITHUB_EPIC_DATES = `mutation updateEpicDates($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateEpicDates(input: { epicId: $id, startOn: $startOn, endOn: $endOn }) { epic { id startOn endOn } }
}`;
const RELEASE_DATES = `mutation updateRelease($id: ID!, $startOn: ISO8601Date, $endOn: ISO8601Date) {
  updateRelease(input: { releaseId: $id, release: { startOn: $startOn, endOn: $endOn } }) { release { id startOn endOn } }
}`;
const DATE_MUTATIONS: Record<RoadmapItemType, string> = {
  GANTRY_EPIC: EPIC_DATES,
  RELEASE: RELEASE_DATES,
  EPIC: GITHUB_EPIC_DATES,
};

const workspaceOf = (workspace: AnswerWorkspace | null) => ({
  id: workspace?.id ?? "",
  name: workspace?.name ?? "",
  canEdit: workspace ? canEdit(workspace.viewerPermission) : false,
});

function itemOf(node: ItemAnswer): RoadmapItem {
  if (node.__typename === "Epic")
    return {
      type: "EPIC",
      id: node.id,
      title: node.issue.title,
      state: node.issue.state === "OPEN" ? "OPEN" : "CLOSED",
      startOn: node.startOn,
      endOn: node.endOn,
      workspace: workspaceOf(node.epicWorkspace),
      issues: node.issueCountProgress,
      points: node.issueEstimateProgress,
    };
  const shared = {
    id: node.id,
    title: node.title,
    startOn: node.startOn,
    endOn: node.endOn,
    workspace: workspaceOf(node.workspace),
  };
  return node.__typename === "GantryEpic"
    ? {
        ...shared,
        type: "GANTRY_EPIC",
        state: node.epicState,
        issues: node.gantryIssueCountProgress,
        points: node.gantryIssueEstimateProgress,
      }
    : {
        ...shared,
        type: "RELEASE",
        state: node.releaseState,
        issues: node.issueCountProgress,
        points: node.issueEstimateProgress,
      };
}

export interface Roadmap {
  /** The workspace or organisation it is the roadmap of. */
  owner: { id: string; name: string; canEdit: boolean };
  /** The organisation's workspaces, to filter by; empty for a workspace's roadmap. */
  workspaces: { id: string; name: string }[];
  items: RoadmapItem[];
}

/** Every roadmap's cache starts with this, so a date change shows on all of them. */
const ROADMAPS = ["roadmap"] as const;

function pageOf(answer: RoadmapAnswer): { owner: Roadmap["owner"]; workspaces: Roadmap["workspaces"]; page: Page } {
  if ("workspace" in answer) {
    const { id, name, viewerPermission, roadmapItems } = answer.workspace;
    return { owner: { id, name, canEdit: canEdit(viewerPermission) }, workspaces: [], page: roadmapItems };
  }
  if (!answer.node) throw new Error("This organization does not exist, or you are not a member of it.");
  const { id, name, workspaces, roadmapItems } = answer.node;
  return { owner: { id, name, canEdit: false }, workspaces: workspaces.nodes, page: roadmapItems };
}

/** The roadmap's items, every page of them, narrowed on the server by `filter`. */
export function useRoadmap(scope: RoadmapScope, filter: RoadmapFilter) {
  const request = useGraphQL();
  return useQuery({
    queryKey: [...ROADMAPS, scope, filter],
    queryFn: async (): Promise<Roadmap> => {
      const items: RoadmapItem[] = [];
      // A workspace's roadmap is that workspace: it takes no workspace filter.
      const { workspaceIds, ...kinds } = filter;
      const variables = scope.kind === "organization" ? { ...kinds, workspaceIds } : kinds;
      let after: string | null = null;
      for (;;) {
        const answer = await request<RoadmapAnswer>(ROADMAP[scope.kind], { id: scope.id, after, ...variables });
        const { owner, workspaces, page } = pageOf(answer);
        items.push(...page.nodes.map(itemOf));
        after = page.pageInfo.endCursor;
        if (!page.pageInfo.hasNextPage || after === null) {
          return {
            owner: { ...owner, canEdit: owner.canEdit || items.some((item) => item.workspace.canEdit) },
            workspaces,
            items,
          };
        }
      }
    },
  });
}

export interface DateChange {
  item: RoadmapItem;
  startOn: string;
  endOn: string;
}

/**
 * Changes an item's dates through its own mutation. Every cached roadmap (its workspace's, its
 * organisation's) shows the new dates at once; on failure they go back and the error is rethrown.
 */
export function useChangeRoadmapDates() {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, startOn, endOn }: DateChange) =>
      request(DATE_MUTATIONS[item.type], { id: item.id, startOn, endOn }),
    onMutate: async ({ item, startOn, endOn }: DateChange) => {
      const key = ROADMAPS;
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueriesData<Roadmap>({ queryKey: key });
      queryClient.setQueriesData<Roadmap>({ queryKey: key }, (roadmap) =>
        roadmap
          ? {
              ...roadmap,
              items: roadmap.items.map((each) => (each.id === item.id ? { ...each, startOn, endOn } : each)),
            }
          : roadmap,
      );
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROADMAPS }),
  });
}
