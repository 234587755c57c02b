import { checkSavedViewName, MAX_SAVED_VIEW_NAME_LENGTH, type SavedViewFilters } from "@gantry/domain";
import { BookmarkIcon, CheckIcon, TriangleDownIcon } from "@primer/octicons-react";
import { type FormEvent, useId, useState } from "react";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator } from "react-aria-components";
import { Button } from "../../ui/Button";
import { Modal } from "../../ui/dialog/Modal";
import formStyles from "../../ui/form.module.css";
import { useToasts } from "../../ui/toast/toast-context";
import { activeSavedViewSet } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import styles from "./FilterBar.module.css";
import { type SavedView, useSavedViewRequests, useSavedViews } from "./saved-views-api";
import { useApplySavedView } from "./use-board-link";

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
      {saving && <SaveViewDialog workspaceId={workspaceId} filters={current} onDone={() => setSaving(false)} />}
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

interface SaveViewDialogProps {
  workspaceId: string;
  filters: SavedViewFilters;
  onDone: () => void;
}

/** Names the current filters; the new view becomes the active one. */
function SaveViewDialog({ workspaceId, filters, onDone }: SaveViewDialogProps) {
  const { create } = useSavedViewRequests(workspaceId);
  const applySavedView = useApplySavedView();
  const [name, setName] = useState("");
  const [isShared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkSavedViewName(name);
    if (!checked.ok) return setError(checked.message);
    try {
      applySavedView(await create.mutateAsync({ name: checked.value, filters, isShared }));
      onDone();
    } catch (caught) {
      setError(errorText(caught));
    }
  };

  return (
    <Modal title="Save current filters as a view" onDismiss={onDone}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor={`${id}-name`}>
            Name
          </label>
          <input
            id={`${id}-name`}
            className={styles.textInput}
            value={name}
            maxLength={MAX_SAVED_VIEW_NAME_LENGTH}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
          {error && (
            <p id={`${id}-error`} className={formStyles.error} role="alert">
              {error}
            </p>
          )}
        </div>
        <label className={formStyles.checkbox}>
          <input type="checkbox" checked={isShared} onChange={(event) => setShared(event.target.checked)} />
          Share with everyone in the workspace
        </label>
        <div className={formStyles.actions}>
          <Button onClick={onDone}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            Save view
          </Button>
        </div>
      </form>
    </Modal>
  );
}
