import { useInfiniteQuery } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";
import type { SelectionOption } from "../../ui/selection-list/SelectionList";
import type { FilterKey } from "./filter-menus";

/** Options per page; the server answers at most 100. */
export const FILTER_OPTIONS_PAGE_SIZE = 100;

interface OptionSource {
  /** The Workspace connection field, or a root query for parent issues. */
  field: string;
  nodeFields: string;
  toOption: (node: Record<string, unknown>) => SelectionOption;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Estimates are points, not records: the usual planning-poker scale. */
export const ESTIMATE_SCALE = ["1", "2", "3", "5", "8", "13", "21", "40"];

const SOURCES: Record<Exclude<FilterKey, "estimates">, OptionSource> = {
  repos: {
    field: "repositoriesConnection",
    nodeFields: "repository { id ghId ownerName name }",
    toOption: (node) => {
      const repository = node.repository as { id: string; ghId: number | null; ownerName: string; name: string };
      return {
        // GitHub repositories are filtered by GitHub's id, the workspace's Gantry repository by Gantry's.
        id: repository.ghId === null ? repository.id : String(repository.ghId),
        label: `${repository.ownerName}/${repository.name}`,
      };
    },
  },
  labels: {
    field: "issueLabelOptions",
    nodeFields: "name color",
    toOption: (node) => ({ id: text(node.name), label: text(node.name) }),
  },
  assignees: {
    field: "assignees",
    nodeFields: "login",
    toOption: (node) => ({ id: text(node.login), label: text(node.login) }),
  },
  authors: {
    field: "authors",
    nodeFields: "login",
    toOption: (node) => ({ id: text(node.login), label: text(node.login) }),
  },
  issueTypes: {
    field: "issueTypeOptions",
    nodeFields: "name",
    toOption: (node) => ({ id: text(node.name), label: text(node.name) }),
  },
  releases: {
    field: "releases",
    nodeFields: "id title state",
    toOption: (node) => ({ id: text(node.id), label: text(node.title), description: closedNote(node.state) }),
  },
  epics: {
    field: "epics",
    nodeFields: "id number title",
    toOption: (node) => ({ id: text(node.id), label: text(node.title), description: `#${String(node.number)}` }),
  },
  gantryEpics: {
    field: "gantryEpics",
    nodeFields: "id title state",
    toOption: (node) => ({ id: text(node.id), label: text(node.title), description: closedNote(node.state) }),
  },
  sprints: {
    field: "sprints",
    nodeFields: "id name state",
    toOption: (node) => ({ id: text(node.id), label: text(node.name), description: closedNote(node.state) }),
  },
  milestones: {
    field: "milestoneFilterOptions",
    nodeFields: "title",
    toOption: (node) => ({ id: text(node.title), label: text(node.title) }),
  },
  parentIssues: {
    field: "searchIssues",
    nodeFields: "id number title",
    toOption: (node) => ({ id: text(node.id), label: `#${String(node.number)} ${text(node.title)}` }),
  },
};

function closedNote(state: unknown): string | undefined {
  return state === "CLOSED" ? "Closed" : undefined;
}

interface OptionPage {
  nodes: Record<string, unknown>[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

function optionsDocument(key: Exclude<FilterKey, "estimates">): string {
  const { field, nodeFields } = SOURCES[key];
  const connection = `pageInfo { hasNextPage endCursor } nodes { ${nodeFields} }`;
  if (key === "parentIssues") {
    return `query boardFilterOptions($workspaceId: ID!, $query: String, $first: Int!, $after: String) {
  searchIssues(workspaceId: $workspaceId, query: $query, includeClosed: true, first: $first, after: $after) { ${connection} }
}`;
  }
  // The repositories list takes no search; the menu narrows it here.
  const queryArgument = key === "repos" ? "" : "query: $query, ";
  return `query boardFilterOptions($workspaceId: ID!, $query: String, $first: Int!, $after: String) {
  workspace(id: $workspaceId) { id ${field}(${queryArgument}first: $first, after: $after) { ${connection} } }
}`;
}

/** Whether the list is searched on the server (as typed) or here (it is short). */
export const searchedOnServer = (key: FilterKey) => key !== "repos" && key !== "estimates";

/** One filter menu's options, page by page, searched on the server with what was typed. */
export function useFilterOptions(workspaceId: string, key: FilterKey, query: string, enabled = true) {
  const request = useGraphQL();
  return useInfiniteQuery({
    queryKey: ["board-filter-options", workspaceId, key, query],
    enabled,
    initialPageParam: null as string | null,
    getNextPageParam: (last: OptionPage) => (last.pageInfo.hasNextPage ? last.pageInfo.endCursor : null),
    queryFn: async ({ pageParam }): Promise<OptionPage> => {
      if (key === "estimates")
        return {
          nodes: ESTIMATE_SCALE.map((points) => ({ points })),
          pageInfo: { hasNextPage: false, endCursor: null },
        };
      const variables = { workspaceId, query: query || null, first: FILTER_OPTIONS_PAGE_SIZE, after: pageParam };
      const answer = await request<Record<string, unknown>>(optionsDocument(key), variables);
      const holder = key === "parentIssues" ? answer : (answer.workspace as Record<string, unknown>);
      return holder[SOURCES[key].field] as OptionPage;
    },
    select: (data) =>
      data.pages.flatMap((page) =>
        page.nodes.map((node) =>
          key === "estimates"
            ? { id: text(node.points), label: `${text(node.points)} points` }
            : SOURCES[key].toOption(node),
        ),
      ),
  });
}
