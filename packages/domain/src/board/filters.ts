/** SPEC §3 "Board filters". */
export interface InNin {
  in: string[];
  nin: string[];
}

export interface InNinSettings extends InNin {
  settings: string[];
}

export interface BoardFilters {
  search: string;
  repos: { isLoading: boolean; value: number[] };
  zhRepos: { value: string[] };
  labels: InNin;
  assignees: InNin;
  authors: InNin;
  issueTypes: InNin;
  releases: InNin;
  estimates: InNinSettings;
  epics: InNinSettings;
  gantryEpics: InNinSettings;
  sprints: { value: string[]; settings: string[] };
  milestones: { value: string[] };
  parentIssues: { ids: string[]; recursiveIds: string[] };
  issuesBucketIds: { ids: string[] };
}

/** SPEC §9 "Special filter values": the default filter logic is All. */
export type FilterLogic = "all" | "any";
export const DEFAULT_FILTER_LOGIC: FilterLogic = "all";

const inNin = (): InNin => ({ in: [], nin: [] });
const inNinSettings = (): InNinSettings => ({ in: [], nin: [], settings: [] });

/** Every filter list empty. The search text is kept: clearing filters and clearing search are separate (§4). */
export function emptyFilters(search = ""): BoardFilters {
  return {
    search,
    repos: { isLoading: false, value: [] },
    zhRepos: { value: [] },
    labels: inNin(),
    assignees: inNin(),
    authors: inNin(),
    issueTypes: inNin(),
    releases: inNin(),
    estimates: inNinSettings(),
    epics: inNinSettings(),
    gantryEpics: inNinSettings(),
    sprints: { value: [], settings: [] },
    milestones: { value: [] },
    parentIssues: { ids: [], recursiveIds: [] },
    issuesBucketIds: { ids: [] },
  };
}
