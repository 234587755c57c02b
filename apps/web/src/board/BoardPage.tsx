import { CLOSED_PIPELINE_ID } from "@gantry/domain";
import { ScreenFullIcon, ScreenNormalIcon } from "@primer/octicons-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Provider } from "react-redux";
import { Link, Outlet, useParams, useSearchParams } from "react-router";
import { firstCardsDrawn } from "../app/first-cards";
import { enterpriseRefusalPage } from "../enterprise/enterprise-refusal";
import { SprintsButton } from "../sprints/SprintsButton";
import { Button } from "../ui/Button";
import { LoadError } from "../ui/LoadError";
import { Loader } from "../ui/Loader";
import { workspacePath } from "../workspaces/paths";
import { AddPipeline } from "./AddPipeline";
import { type BoardPipeline, useBoardPipelines } from "./api";
import styles from "./Board.module.css";
import { BoardCommands } from "./BoardCommands";
import { type BoardActions, BoardActionsContext } from "./board-actions";
import { currentSprintLoaded, pipelinesKept } from "./board-issues-slice";
import { boardFiltersApplied, boardLoaded, pipelineCountsLoaded, settingChanged } from "./board-slice";
import { createBoardStore, useBoardDispatch, useBoardSelector } from "./board-store";
import { DisplayOptions } from "./DisplayOptions";
import { useEarlyFirstPages } from "./early-first-pages";
import { BoardWithEpicList } from "./epics/GantryEpicList";
import { FilterBar } from "./filters/FilterBar";
import { filtersFromLink } from "./filters/filter-link";
import { NewIssueButton } from "./NewIssueButton";
import { PipelineColumn } from "./PipelineColumn";
import { PipelinesErrorBanner } from "./PipelinesErrorBanner";
import { PipelineEditingProvider } from "./pipeline-editing";
import { SelectionBar } from "./SelectionBar";
import { useAnnouncer } from "./use-announcer";
import { useBoardDropMonitor } from "./use-board-drop-monitor";
import { useBoardEvents } from "./use-board-events";
import { useFullScreenEscape } from "./use-full-screen-escape";
import { useIssueMover } from "./use-issue-mover";
import { KEYBOARD_MOVE_HELP, useKeyboardMove } from "./use-keyboard-move";
import { usePipelineLoader } from "./use-pipeline-loader";
import { useStagedColumns } from "./use-staged-columns";

/** /workspaces/:workspaceId/board: the workspace's pipelines and their cards. */
export function BoardPage() {
  const { workspaceId = "" } = useParams();
  return (
    <BoardStoreProvider key={workspaceId}>
      <Board workspaceId={workspaceId} />
    </BoardStoreProvider>
  );
}

/** A store per board, its display settings read from localStorage and its filters from the link that opened it. */
function BoardStoreProvider({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const [store] = useState(() => {
    const created = createBoardStore(localStorage);
    // Before the first page loads, so pipelines are read once, already filtered.
    created.dispatch(boardFiltersApplied(filtersFromLink(params)));
    return created;
  });
  return <Provider store={store}>{children}</Provider>;
}

function Board({ workspaceId }: { workspaceId: string }) {
  const loader = usePipelineLoader(workspaceId);
  const onPipelines = useEarlyFirstPages(workspaceId, (pipelineId) => void loader(pipelineId));
  const query = useBoardPipelines(workspaceId, onPipelines);
  const dispatch = useBoardDispatch();
  const workspace = query.data;

  // A board that fails holds back the shell's requests no longer (one left before its cards: FIRST_CARDS_WAIT_MS).
  useEffect(() => (query.isError ? firstCardsDrawn() : undefined), [query.isError]);
  useEffect(() => {
    if (!workspace) return;
    dispatch(pipelineCountsLoaded(Object.fromEntries(workspace.pipelines.map((p) => [p.id, p.issueCounts]))));
    dispatch(pipelinesKept(workspace.pipelines.map((p) => p.id)));
    dispatch(currentSprintLoaded(workspace.activeSprint?.id ?? null));
    dispatch(boardLoaded());
  }, [workspace, dispatch]);

  if (query.isError) {
    const refusal = enterpriseRefusalPage(query.error);
    if (refusal) return refusal;
    return (
      <main className={styles.page}>
        <LoadError error={query.error} onRetry={() => void query.refetch()}>
          We couldn't load this board
        </LoadError>
      </main>
    );
  }
  if (!workspace) {
    return (
      <main className={styles.page}>
        <Loader label="Loading the board" />
      </main>
    );
  }
  return (
    <BoardView
      workspaceId={workspaceId}
      name={workspace.name}
      pipelines={workspace.pipelines}
      canMove={workspace.viewerPermission === "WRITE" || workspace.viewerPermission === "ADMIN"}
      canEditPipelines={workspace.viewerPermission === "ADMIN"}
    />
  );
}

interface BoardViewProps {
  workspaceId: string;
  name: string;
  pipelines: BoardPipeline[];
  canMove: boolean;
  /** The server lets workspace admins change pipelines. */
  canEditPipelines: boolean;
}

function BoardView({ workspaceId, name, pipelines, canMove, canEditPipelines }: BoardViewProps) {
  const showClosed = useBoardSelector((state) => state.board.settings.showClosedPipeline);
  const isFullScreen = useBoardSelector((state) => state.board.settings.isFullScreen);
  const isCondensed = useBoardSelector((state) => state.board.settings.isCondensedViewEnabled);
  const isMultiColumn = useBoardSelector((state) => state.board.settings.areMultiColumnPipelinesEnabled);
  const dispatch = useBoardDispatch();
  const shown = useMemo(
    () => pipelines.filter((pipeline) => showClosed || pipeline.id !== CLOSED_PIPELINE_ID),
    [pipelines, showClosed],
  );
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const openPipelines = useMemo(() => pipelines.filter((pipeline) => pipeline.id !== CLOSED_PIPELINE_ID), [pipelines]);
  const drawnColumns = useStagedColumns(shown.length);
  const isEmpty = pipelines.every(({ issueCounts }) => issueCounts.issuesCount + issueCounts.pullRequestsCount === 0);

  const { region, announce } = useAnnouncer();
  const moveIssue = useIssueMover(workspaceId);
  const loader = usePipelineLoader(workspaceId);
  useBoardEvents(workspaceId);
  const onCardKeyDown = useKeyboardMove({ pipelines: shownRef, canMove, moveIssue, announce });
  useBoardDropMonitor(moveIssue);
  useFullScreenEscape();
  const actions = useMemo<BoardActions>(
    () => ({ canMove, moveIssue, onCardKeyDown, loadNextPage: (id) => void loader(id) }),
    [canMove, moveIssue, onCardKeyDown, loader],
  );

  return (
    <BoardActionsContext.Provider value={actions}>
      <PipelineEditingProvider workspaceId={workspaceId} canEdit={canEditPipelines} pipelines={openPipelines}>
        <main className={`${styles.page} ${isFullScreen ? styles.fullScreen : ""}`} data-width="full">
          <header className={styles.toolbar}>
            <h1 className={styles.title}>
              <Link to={workspacePath(workspaceId)}>{name}</Link> <span className={styles.titleSuffix}>Board</span>
            </h1>
            <SelectionBar workspaceId={workspaceId} pipelines={shown} />
            <DisplayOptions />
            <SprintsButton workspaceId={workspaceId} />
            <BoardCommands />
            {canMove ? <NewIssueButton workspaceId={workspaceId} pipelines={pipelines} /> : null}
            <Button
              aria-pressed={isFullScreen}
              onClick={() => dispatch(settingChanged({ name: "isFullScreen", value: !isFullScreen }))}
            >
              {isFullScreen ? <ScreenNormalIcon aria-hidden /> : <ScreenFullIcon aria-hidden />}
              {isFullScreen ? "Exit full screen" : "Full screen"}
            </Button>
          </header>
          <FilterBar workspaceId={workspaceId} />
          {isEmpty ? (
            <section className={styles.emptyBoard} aria-label="No issues yet">
              {/* Only someone who may connect repositories is sent to do it. */}
              {canMove ? (
                <p>
                  This board has no issues yet. Connect GitHub repositories on the{" "}
                  <Link to={workspacePath(workspaceId)}>workspace page</Link> with "Import repositories", and their
                  issues and pull requests arrive here.
                </p>
              ) : (
                <p>This board has no issues yet.</p>
              )}
            </section>
          ) : null}
          <p className={styles.help}>
            {canMove ? KEYBOARD_MOVE_HELP : "You can view this board; moving cards needs write access."}
          </p>
          <PipelinesErrorBanner />
          <BoardWithEpicList workspaceId={workspaceId} canEdit={canMove}>
            <section
              className={[
                styles.board,
                isCondensed ? styles.condensedBoard : "",
                isMultiColumn ? styles.multiColumnBoard : "",
              ].join(" ")}
              aria-label="Pipelines"
            >
              {shown.map((pipeline, index) => (
                <PipelineColumn key={pipeline.id} pipeline={pipeline} drawCards={index < drawnColumns} />
              ))}
              <AddPipeline />
            </section>
          </BoardWithEpicList>
          {region}
          {/* The issue routes' flyover, over the board. */}
          <Outlet />
        </main>
      </PipelineEditingProvider>
    </BoardActionsContext.Provider>
  );
}
