import { combineReducers, configureStore, createListenerMiddleware } from "@reduxjs/toolkit";
import { useDispatch, useSelector } from "react-redux";
import { withBoardEvents } from "./board-events";
import { boardIssuesSlice } from "./board-issues-slice";
import { readBoardSettings, writeBoardSetting } from "./board-settings";
import { boardSlice, initialBoardState, pipelineSortSet, settingChanged } from "./board-slice";
import { sortedPipelineMessage } from "./pipeline-sort";
import { readPipelineSorts, writePipelineSort } from "./pipeline-storage";

const rootReducer = withBoardEvents(
  combineReducers({ board: boardSlice.reducer, boardIssues: boardIssuesSlice.reducer }),
);

export type BoardRootState = ReturnType<typeof rootReducer>;

/** One board's store: its display settings and pipeline sorts read from `storage`, and every change written back. */
export function createBoardStore(storage: Storage) {
  const persistence = createListenerMiddleware();
  persistence.startListening({
    actionCreator: settingChanged,
    effect: ({ payload }) => writeBoardSetting(storage, payload.name, payload.value),
  });
  persistence.startListening({
    actionCreator: pipelineSortSet,
    effect: ({ payload }) => writePipelineSort(storage, payload.pipelineId, payload.sortType),
  });
  const sortedPipelines = readPipelineSorts(storage);
  const sortedPipelinesEventMessage = Object.fromEntries(
    Object.entries(sortedPipelines).map(([pipelineId, sortType]) => [pipelineId, sortedPipelineMessage(sortType)]),
  );
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      board: {
        ...initialBoardState(),
        settings: readBoardSettings(storage),
        isSettingsLoaded: true,
        sortedPipelines,
        sortedPipelinesEventMessage,
      },
    },
    middleware: (defaults) => defaults().prepend(persistence.middleware),
  });
}

export type BoardStore = ReturnType<typeof createBoardStore>;
export type BoardDispatch = BoardStore["dispatch"];

export const useBoardDispatch = useDispatch.withTypes<BoardDispatch>();
export const useBoardSelector = useSelector.withTypes<BoardRootState>();
