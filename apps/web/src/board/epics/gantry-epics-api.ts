import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";
import { boardPipelinesKey } from "../api";

interface Progress {
  closed: number;
  total: number;
}

/** Someone who can open the workspace, as an epic's assignee. */
export interface EpicPerson {
  id: string;
  name: string | null;
  email: string | null;
  imageUrl: string | null;
}

/** A workspace's own label (decision 0071), on epics and issues; not a GitHub label. */
export interface GantryLabelSummary {
  id: string;
  name: string;
  color: string | null;
}

export interface GantryEpicSummary {
  id: string;
  title: string;
  state: "OPEN" | "TODO" | "IN_PROGRESS" | "CLOSED";
  gantryIssueCountProgress: Progress;
  gantryIssueEstimateProgress: Progress;
  assignees: { nodes: EpicPerson[] };
  labels: GantryLabelSummary[];
}

/** An epic's state as read (scripts set TODO and IN_PROGRESS, as in ZenHub). */
export const EPIC_STATE_NAME = { OPEN: "Open", TODO: "To do", IN_PROGRESS: "In progress", CLOSED: "Closed" } as const;

const PERSON_FIELDS = "id name email imageUrl";
const LABEL_FIELDS = "id name color";
// The mutations accept at most 50 people a call, and an epic is given them one at a time here.
const EPIC_FIELDS = `id title state gantryIssueCountProgress { closed total } gantryIssueEstimateProgress { closed total }
  assignees(first: 50) { nodes { ${PERSON_FIELDS} } } labels { ${LABEL_FIELDS} }`;

const GANTRY_EPICS = `query boardGantryEpics($workspaceId: ID!) {
  workspace(id: $workspaceId) { gantryEpics(first: 100) { nodes { ${EPIC_FIELDS} } } }
}`;

const CREATE_GANTRY_EPIC = `mutation createGantryEpic($workspaceId: ID!, $title: String!) {
  createGantryEpic(input: { workspaceId: $workspaceId, gantryEpic: { title: $title } }) { gantryEpic { ${EPIC_FIELDS} } }
}`;

/**
 * Kept under the board's pipelines key, so the board events that refresh pipeline counts
 * refresh epic progress too.
 */
const gantryEpicsKey = (workspaceId: string) => [...boardPipelinesKey(workspaceId), "gantry-epics"] as const;

/** The workspace's Gantry epics with their progress, open ones first. */
export function useGantryEpics(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: gantryEpicsKey(workspaceId),
    queryFn: async () =>
      (
        await request<{ workspace: { gantryEpics: { nodes: GantryEpicSummary[] } } }>(GANTRY_EPICS, {
          workspaceId,
        })
      ).workspace.gantryEpics.nodes,
  });
}

export function useCreateGantryEpic(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (title: string) =>
      (
        await request<{ createGantryEpic: { gantryEpic: GantryEpicSummary } }>(CREATE_GANTRY_EPIC, {
          workspaceId,
          title,
        })
      ).createGantryEpic.gantryEpic,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gantryEpicsKey(workspaceId) }),
  });
}

/** What someone's name reads as: their name, else their email (an account may have either). */
export const personName = (person: EpicPerson) => person.name ?? person.email ?? "Someone";

const WORKSPACE_PEOPLE = `query epicAssigneeOptions($workspaceId: ID!, $query: String) {
  workspace(id: $workspaceId) { gantryUsers(first: 50, query: $query) { nodes { ${PERSON_FIELDS} } } }
}`;

/** Who can be an epic's assignee: the people who can open the workspace, narrowed by name or email. */
export function useEpicAssigneeOptions(workspaceId: string, query: string, enabled: boolean) {
  const request = useGraphQL();
  return useQuery({
    queryKey: ["epic-assignee-options", workspaceId, query],
    enabled,
    // The last answer stays listed while the next search is on its way, rather than the list emptying.
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (
        await request<{ workspace: { gantryUsers: { nodes: EpicPerson[] } } }>(WORKSPACE_PEOPLE, {
          workspaceId,
          query: query || null,
        })
      ).workspace.gantryUsers.nodes,
  });
}

const WORKSPACE_LABELS = `query workspaceGantryLabels($workspaceId: ID!) {
  workspace(id: $workspaceId) { gantryLabels(first: 100) { nodes { ${LABEL_FIELDS} } } }
}`;

export const gantryLabelsKey = (workspaceId: string) => ["gantry-labels", workspaceId] as const;

/** The workspace's Gantry labels, by name. */
export function useWorkspaceGantryLabels(workspaceId: string, enabled: boolean) {
  const request = useGraphQL();
  return useQuery({
    queryKey: gantryLabelsKey(workspaceId),
    enabled,
    queryFn: async () =>
      (
        await request<{ workspace: { gantryLabels: { nodes: GantryLabelSummary[] } } }>(WORKSPACE_LABELS, {
          workspaceId,
        })
      ).workspace.gantryLabels.nodes,
  });
}

/** One change to an epic's people or labels; a label is named by id, or by a name to find or make. */
export type EpicChange =
  | { field: "assignees"; change: "add" | "remove"; assigneeId: string }
  | { field: "labels"; change: "add" | "remove"; labelId: string }
  | { field: "labels"; change: "add"; labelName: string };

/** Each variable a change sends, with its type in the schema. */
const VARIABLE_TYPES = { assigneeIds: "[ID!]!", gantryLabelIds: "[ID!]", labelInfos: "[LabelInfoInput!]" } as const;

type EpicChangeField =
  | "addAssigneesToGantryEpics"
  | "removeAssigneesFromGantryEpics"
  | "addGantryLabelsToGantryEpics"
  | "removeGantryLabelsFromGantryEpics";

function epicChangeRequest(epicId: string, change: EpicChange) {
  const adding = change.change === "add";
  const field: EpicChangeField =
    change.field === "assignees"
      ? adding
        ? "addAssigneesToGantryEpics"
        : "removeAssigneesFromGantryEpics"
      : adding
        ? "addGantryLabelsToGantryEpics"
        : "removeGantryLabelsFromGantryEpics";
  const variables: Partial<Record<keyof typeof VARIABLE_TYPES, unknown>> =
    "assigneeId" in change
      ? { assigneeIds: [change.assigneeId] }
      : "labelId" in change
        ? { gantryLabelIds: [change.labelId] }
        : { labelInfos: [{ name: change.labelName }] };
  const names = Object.keys(variables) as (keyof typeof VARIABLE_TYPES)[];
  const parameters = names.map((name) => `$${name}: ${VARIABLE_TYPES[name]}`).join(", ");
  const inputs = names.map((name) => `${name}: $${name}`).join(", ");
  const document = `mutation ${field}($gantryEpicIds: [ID!]!, ${parameters}) {
  ${field}(input: { gantryEpicIds: $gantryEpicIds, ${inputs} }) { gantryEpics { ${EPIC_FIELDS} } }
}`;
  return { field, document, variables: { gantryEpicIds: [epicId], ...variables } };
}

/** Adds or removes one of an epic's assignees or labels; a label made by name refreshes the workspace's labels. */
export function useChangeEpic(workspaceId: string, epicId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: EpicChange) => {
      const { field, document, variables } = epicChangeRequest(epicId, change);
      const answer = await request<Record<typeof field, { gantryEpics: GantryEpicSummary[] }>>(document, variables);
      return answer[field].gantryEpics;
    },
    onSuccess: async (changed, change) => {
      // The answer is the epic as it now is: shown at once, without reading the whole list again.
      queryClient.setQueryData<GantryEpicSummary[]>(gantryEpicsKey(workspaceId), (epics) =>
        epics?.map((epic) => changed.find((one) => one.id === epic.id) ?? epic),
      );
      if ("labelName" in change) await queryClient.invalidateQueries({ queryKey: gantryLabelsKey(workspaceId) });
    },
  });
}
