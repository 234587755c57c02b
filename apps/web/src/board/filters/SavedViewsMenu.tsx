import type { SavedViewFilters } from "@gantry/domain";
import { BookmarkIcon, CheckIcon, TriangleDownIcon } from "@primer/octicons-react";
import { Suspense, useState } from "react";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from "react-aria-components";
import { lazyNamed } from "../../ui/lazy-named";
import { useToasts } from "../../ui/toast/toast-context";
import { activeSavedViewSet } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import styles from "./FilterBar.module.css";
import { type SavedView, useSavedViewRequests, useSavedViews } from "./saved-views-api";
import { useApplySavedView } from "./use-board-link";

/** The naming dialog is read when a view is first saved, not with the board (B3). */
const SaveViewDialog = lazyNamed(() => import("./SaveViewDialog"), "SaveViewDialog");

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The filters on screen, as a view saves them. */
function useCurrentFilters(): SavedViewFilters {
  const filters = useBoardSelector((state) => state.board.filters);
  const filterLogic = useBoardSelector((state) => state.board.filterLogic);
  return { filters, filterLogic };
}

/** Apply a saved view, save the current filters as one, or update, share and delete the active one. */
export function SavedViewsMenu({ workspaceId }: { workspaceId: string }) {
  const views = useSavedViews(workspaceId);
  const activeId = useBoardSelector((state) => state.board.activeSavedViewId);
  const current = useCurrentFilters();
  const applySavedView = useApplySavedView();
  const dispatch = useBoardDispatch();
  const { update, remove } = useSavedViewRequests(workspaceId);
  const toasts = useToasts();
  const [saving, setSaving] = useState(false);
  const active = views.data?.find((view) => view.id === activeId) ?? null;

  const run = (action: () => Promise<unknown>, done: string) =>
    action().then(
      () => toasts.show({ kind: "success", message: done }),
      (error: unknown) => toasts.show({ kind: "error", message: errorText(error) }),
    );

  const onAction = (key: string | number) => {
    const chosen = views.data?.find((view) => view.id === key);
    if (chosen) return applySavedView(chosen);
    if (key === "save") return setSaving(true);
    if (!active) return;
    if (key === "update")
      return run(() => update.mutateAsync({ savedViewId: active.id, filters: current }), `Updated “${active.name}”`);
    if (key === "share")
      return run(
        () => update.mutateAsync({ savedViewId: active.id, isShared: !active.isShared }),
        active.isShared ? `“${active.name}” is private again` : `“${active.name}” is shared with the workspace`,
      );
    if (key === "delete")
      return run(async () => {
        await remove.mutateAsync(active.id);
        dispatch(activeSavedViewSet(null));
      }, `Deleted “${active.name}”`);
  };

  return (
    <>
      <MenuTrigger>
        <AriaButton
          className={`${styles.menuButton} ${active ? styles.menuButtonActive : ""}`}
          aria-label="Saved views"
        >
          <BookmarkIcon aria-hidden />
          <span className={styles.viewName}>{active ? active.name : "Saved views"}</span>
          <TriangleDownIcon aria-hidden />
        </AriaButton>
        <Popover className={styles.popover} placement="bottom end" offset={4}>
          <Menu className={styles.viewsMenu} onAction={onAction} aria-label="Saved views">
            {views.data?.length ? (
              views.data.map((view) => <ViewItem key={view.id} view={view} isActive={view.id === activeId} />)
            ) : (
              <MenuItem id="none" isDisabled className={styles.viewsItem}>
                {views.isError ? `Could not load saved views: ${errorText(views.error)}` : "No saved views yet"}
              </MenuItem>
            )}
            <Separator className={styles.viewsSeparator} />
            <MenuItem id="save" className={styles.viewsItem}>
              Save current filters as a view…
            </MenuItem>
            {active?.viewerCanEdit && (
              <>
                <MenuItem id="update" className={styles.viewsItem}>
                  Update “{active.name}” with current filters
                </MenuItem>
                <MenuItem id="share" className={styles.viewsItem}>
                  {active.isShared ? "Make private" : "Share with the workspace"}
                </MenuItem>
                <MenuItem id="delete" className={`${styles.viewsItem} ${styles.viewsDanger}`}>
                  Delete “{active.name}”
                </MenuItem>
              </>
            )}
          </Menu>
        </Popover>
      </MenuTrigger>
      <Suspense fallback={null}>
        {saving && <SaveViewDialog workspaceId={workspaceId} filters={current} onDone={() => setSaving(false)} />}
      </Suspense>
    </>
  );
}

function ViewItem({ view, isActive }: { view: SavedView; isActive: boolean }) {
  return (
    <MenuItem id={view.id} textValue={view.name} className={styles.viewsItem}>
      <span className={styles.viewCheck} aria-hidden>
        {isActive && <CheckIcon />}
      </span>
      <span className={styles.viewName}>{view.name}</span>
      {view.isShared && <span className={styles.sharedTag}>{view.viewerIsCreator ? "Shared" : "Shared with you"}</span>}
    </MenuItem>
  );
}
