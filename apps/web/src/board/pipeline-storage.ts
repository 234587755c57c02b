import { DEFAULT_SORT_TYPE, isSortType, type SortType } from "@gantry/domain";

/** SPEC §9 "Pipeline storage prefix": each pipeline's choices live under zhPipelines_<pipelineId>. */
export const PIPELINE_STORAGE_PREFIX = "zhPipelines_";

const keyOf = (pipelineId: string) => `${PIPELINE_STORAGE_PREFIX}${pipelineId}`;

/** The stored sort type, or null when the stored text is missing or not a §9 sort type (manual, then). */
function storedSortType(text: string | null): SortType | null {
  if (text === null) return null;
  try {
    const stored: unknown = JSON.parse(text);
    const sortType =
      typeof stored === "object" && stored !== null && "sortType" in stored ? stored.sortType : undefined;
    return typeof sortType === "string" && isSortType(sortType) && sortType !== DEFAULT_SORT_TYPE ? sortType : null;
  } catch {
    return null;
  }
}

/** Every pipeline this browser has sorted, by pipeline id. */
export function readPipelineSorts(storage: Storage): Record<string, SortType> {
  const sorts: Record<string, SortType> = {};
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (!key?.startsWith(PIPELINE_STORAGE_PREFIX)) continue;
    const sortType = storedSortType(storage.getItem(key));
    if (sortType) sorts[key.slice(PIPELINE_STORAGE_PREFIX.length)] = sortType;
  }
  return sorts;
}

/** Keeps a pipeline's sort as JSON { sortType }; the manual order needs no entry. */
export function writePipelineSort(storage: Storage, pipelineId: string, sortType: SortType | undefined) {
  if (!sortType || sortType === DEFAULT_SORT_TYPE) storage.removeItem(keyOf(pipelineId));
  else storage.setItem(keyOf(pipelineId), JSON.stringify({ sortType }));
}
