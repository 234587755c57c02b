import { useCallback, useEffect, useRef } from "react";
import { useLocation, useSearchParams } from "react-router";
import { afterNextPaint } from "../after-paint";
import { activeSavedViewSet, boardFiltersApplied } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import { asksForViewOnly, filterOrderOf, withBoardLink } from "./filter-link";
import { type SavedView, useSavedViews } from "./saved-views-api";

/** Puts a saved view's filters on the board and makes it the active view. */
export function useApplySavedView() {
  const dispatch = useBoardDispatch();
  return useCallback(
    (view: SavedView) =>
      dispatch(
        boardFiltersApplied({
          filters: view.filters.filters,
          filterOrder: filterOrderOf(view.filters.filters),
          filterLogic: view.filters.filterLogic,
          savedViewId: view.id,
        }),
      ),
    [dispatch],
  );
}

/**
 * Keeps the address bar in step with the board's filters (replacing the entry, so filtering
 * adds no history), and opens `?view=<id>` with that saved view's filters once views load.
 * The link's own filters were applied when the board's store was made (see BoardPage).
 */
export function useBoardLink(workspaceId: string) {
  const [params, setParams] = useSearchParams();
  const filters = useBoardSelector((state) => state.board.filters);
  const filterLogic = useBoardSelector((state) => state.board.filterLogic);
  const savedViewId = useBoardSelector((state) => state.board.activeSavedViewId);
  const dispatch = useBoardDispatch();
  const applySavedView = useApplySavedView();
  const views = useSavedViews(workspaceId);
  const pendingView = useRef(asksForViewOnly(params) ? params.get("view") : null);
  // Replacing the entry keeps its navigation state: an issue opened over the board keeps saying so.
  const { state } = useLocation();
  const navigationState = useRef(state);
  navigationState.current = state;

  useEffect(() => {
    const wanted = pendingView.current;
    if (!wanted || !views.data) return;
    pendingView.current = null;
    const view = views.data.find((candidate) => candidate.id === wanted);
    // A view that was deleted, or is not shared with this person, leaves the board unfiltered.
    if (view) applySavedView(view);
    else dispatch(activeSavedViewSet(null));
  }, [views.data, applySavedView, dispatch]);

  useEffect(() => {
    // Until the asked-for view arrives, the link keeps saying which view it wants.
    if (pendingView.current) return;
    // After the board shows the new filters: a navigation redraws every route that reads the address.
    return afterNextPaint(() =>
      setParams(
        (current) => {
          const next = withBoardLink(current, filters, filterLogic, savedViewId);
          return next.toString() === current.toString() ? current : next;
        },
        { replace: true, state: navigationState.current },
      ),
    );
  }, [filters, filterLogic, savedViewId, setParams]);
}
