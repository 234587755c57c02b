import { boardFiltersToSearchInput, type PipelineCounts } from "@gantry/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useGraphQL } from "../../api/use-graphql";
import { afterNextPaint } from "../after-paint";
import { FILTERED_COUNTS, useBoardPipelines } from "../api";
import { pipelineCountsLoaded } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import { hasActiveFilters } from "./filter-menus";

interface CountedPipeline {
  id: string;
  issueCounts: PipelineCounts;
}

const byPipeline = (pipelines: CountedPipeline[]) =>
  Object.fromEntries(pipelines.map((pipeline) => [pipeline.id, pipeline.issueCounts]));

/**
 * The pipelines' counts (SPEC §2 "N Issue(s) / N PR(s) / N Point(s)") say what the filters and
 * search keep. Read again whenever the board reads its pipelines, so a live update that
 * refreshed the unfiltered counts is followed by the filtered ones.
 */
export function useFilteredCounts(workspaceId: string) {
  const request = useGraphQL();
  const dispatch = useBoardDispatch();
  const { filters, filterLogic } = usePaintedFilters();
  const board = useBoardPipelines(workspaceId);
  const isFiltered = filters.search.trim() !== "" || hasActiveFilters(filters);

  const filtered = useQuery({
    queryKey: ["board-filtered-counts", workspaceId, filters, filterLogic, board.dataUpdatedAt],
    enabled: isFiltered,
    queryFn: async () => {
      const variables = {
        workspaceId,
        filters: boardFiltersToSearchInput(filters, filterLogic),
        query: filters.search.trim() || null,
      };
      const answer = await request<{ workspace: { pipelines: CountedPipeline[] } }>(FILTERED_COUNTS, variables);
      return byPipeline(answer.workspace.pipelines);
    },
  });

  useEffect(() => {
    if (isFiltered && filtered.data) dispatch(pipelineCountsLoaded(filtered.data));
  }, [isFiltered, filtered.data, dispatch]);

  // Filters cleared: back to the board's own counts.
  useEffect(() => {
    if (!isFiltered && board.data) dispatch(pipelineCountsLoaded(byPipeline(board.data.pipelines)));
  }, [isFiltered, board.data, dispatch]);
}

/** The board's filters once the board has painted them: the counts are read after the cards are shown. */
function usePaintedFilters() {
  const filters = useBoardSelector((state) => state.board.filters);
  const filterLogic = useBoardSelector((state) => state.board.filterLogic);
  const [painted, setPainted] = useState({ filters, filterLogic });
  useEffect(() => afterNextPaint(() => setPainted({ filters, filterLogic })), [filters, filterLogic]);
  return painted;
}
