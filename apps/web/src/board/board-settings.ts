/** SPEC §3 "Board display settings". */
export interface BoardSettings {
  isCondensedViewEnabled: boolean;
  areMultiColumnPipelinesEnabled: boolean;
  showClosedPipeline: boolean;
  showPipelineDescriptions: boolean;
  showOpenIssues: boolean;
  showPullRequests: boolean;
  showLabels: boolean;
  showReleases: boolean;
  showReviewers: boolean;
  showDependencies: boolean;
  showSprints: boolean;
  showPredictedSprints: boolean;
  showMilestones: boolean;
  showEstimates: boolean;
  showEpics: boolean;
  showParentIssues: boolean;
  showRepos: boolean;
  showGantryEpicList: boolean;
  showSubIssueProgressAsPoints: boolean;
  isFullScreen: boolean;
}

export type BoardSettingName = keyof BoardSettings;

/** SPEC §9 "Board defaults": every display setting is on except isCondensedViewEnabled, showPipelineDescriptions, showGantryEpicList, showSubIssueProgressAsPoints and isFullScreen. */
export const DEFAULT_BOARD_SETTINGS: BoardSettings = {
  isCondensedViewEnabled: false,
  areMultiColumnPipelinesEnabled: true,
  showClosedPipeline: true,
  showPipelineDescriptions: false,
  showOpenIssues: true,
  showPullRequests: true,
  showLabels: true,
  showReleases: true,
  showReviewers: true,
  showDependencies: true,
  showSprints: true,
  showPredictedSprints: true,
  showMilestones: true,
  showEstimates: true,
  showEpics: true,
  showParentIssues: true,
  showRepos: true,
  showGantryEpicList: false,
  showSubIssueProgressAsPoints: false,
  isFullScreen: false,
};

export const BOARD_SETTING_NAMES = Object.keys(DEFAULT_BOARD_SETTINGS) as BoardSettingName[];

/** SPEC §9: storage keys equal the setting names, except these two. */
const STORAGE_KEY_EXCEPTIONS: Partial<Record<BoardSettingName, string>> = {
  showClosedPipeline: "showClosed",
  showPullRequests: "showPRs",
};

export function settingStorageKey(name: BoardSettingName): string {
  return STORAGE_KEY_EXCEPTIONS[name] ?? name;
}

/** The settings as stored, each falling back to its default when missing or unreadable. */
export function readBoardSettings(storage: Storage): BoardSettings {
  const settings = { ...DEFAULT_BOARD_SETTINGS };
  for (const name of BOARD_SETTING_NAMES) {
    const stored = storage.getItem(settingStorageKey(name));
    if (stored === "true" || stored === "false") settings[name] = stored === "true";
  }
  return settings;
}

export function writeBoardSetting(storage: Storage, name: BoardSettingName, value: boolean): void {
  storage.setItem(settingStorageKey(name), String(value));
}
