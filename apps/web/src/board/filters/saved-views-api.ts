import type { SavedViewFilters } from "@gantry/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useGraphQL } from "../../api/use-graphql";

export interface SavedView {
  id: string;
  name: string;
  filters: SavedViewFilters;
  isShared: boolean;
  viewerIsCreator: boolean;
  viewerCanEdit: boolean;
}

const VIEW_FIELDS = "id name filters isShared viewerIsCreator viewerCanEdit";

/** A person keeps a handful of views; one page holds them all. */
const SAVED_VIEWS = `query boardSavedViews($workspaceId: ID!) {
  workspace(id: $workspaceId) { id savedViews(first: 100) { nodes { ${VIEW_FIELDS} } } }
}`;

const CREATE = `mutation createSavedView($input: CreateSavedViewInput!) {
  createSavedView(input: $input) { savedView { ${VIEW_FIELDS} } }
}`;
const UPDATE = `mutation updateSavedView($input: UpdateSavedViewInput!) {
  updateSavedView(input: $input) { savedView { ${VIEW_FIELDS} } }
}`;
const DELETE = `mutation deleteSavedView($input: DeleteSavedViewInput!) {
  deleteSavedView(input: $input) { savedView { id } }
}`;

export const savedViewsKey = (workspaceId: string) => ["board-saved-views", workspaceId] as const;

export function useSavedViews(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: savedViewsKey(workspaceId),
    queryFn: async () =>
      (await request<{ workspace: { savedViews: { nodes: SavedView[] } } }>(SAVED_VIEWS, { workspaceId })).workspace
        .savedViews.nodes,
  });
}

export interface SavedViewChanges {
  savedViewId: string;
  name?: string;
  filters?: SavedViewFilters;
  isShared?: boolean;
}

/** Creating, updating and deleting views; each refreshes the list. */
export function useSavedViewRequests(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: savedViewsKey(workspaceId) });
  const create = useMutation({
    mutationFn: async (input: { name: string; filters: SavedViewFilters; isShared: boolean }) =>
      (await request<{ createSavedView: { savedView: SavedView } }>(CREATE, { input: { ...input, workspaceId } }))
        .createSavedView.savedView,
    onSuccess,
  });
  const update = useMutation({
    mutationFn: async (input: SavedViewChanges) =>
      (await request<{ updateSavedView: { savedView: SavedView } }>(UPDATE, { input })).updateSavedView.savedView,
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (savedViewId: string) => request<unknown>(DELETE, { input: { savedViewId } }),
    onSuccess,
  });
  return { create, update, remove };
}
