import { SlidersIcon } from "@primer/octicons-react";
import styles from "./Board.module.css";
import type { BoardSettingName } from "./board-settings";
import { settingChanged } from "./board-slice";
import { useBoardDispatch, useBoardSelector } from "./board-store";

/** The display toggles of SPEC "Board display settings", each changing something on the cards or pipelines. */
export const DISPLAY_TOGGLES: { name: BoardSettingName; label: string }[] = [
  { name: "showRepos", label: "Repositories" },
  { name: "showLabels", label: "Labels" },
  { name: "showReviewers", label: "Reviewers" },
  { name: "showEstimates", label: "Estimates" },
  { name: "showSprints", label: "Sprints" },
  { name: "showPredictedSprints", label: "Predicted sprints" },
  { name: "showMilestones", label: "Milestones" },
  { name: "showReleases", label: "Releases" },
  { name: "showEpics", label: "Epics" },
  { name: "showParentIssues", label: "Parent issues" },
  { name: "showDependencies", label: "Dependencies" },
  { name: "showSubIssueProgressAsPoints", label: "Sub-issue progress in points" },
  { name: "showGantryEpicList", label: "Epic list" },
  { name: "showOpenIssues", label: "Issues" },
  { name: "showPullRequests", label: "Pull requests" },
  { name: "showClosedPipeline", label: "Closed pipeline" },
  { name: "showPipelineDescriptions", label: "Pipeline descriptions" },
  { name: "isCondensedViewEnabled", label: "Condensed view" },
  { name: "areMultiColumnPipelinesEnabled", label: "Multi-column pipelines" },
  { name: "isFullScreen", label: "Full screen" },
];

function DisplayToggle({ name, label }: { name: BoardSettingName; label: string }) {
  const checked = useBoardSelector((state) => state.board.settings[name]);
  const dispatch = useBoardDispatch();
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => dispatch(settingChanged({ name, value: event.target.checked }))}
      />
      {label}
    </label>
  );
}

export function DisplayOptions() {
  return (
    <details className={styles.display}>
      <summary className={styles.displaySummary}>
        <SlidersIcon aria-hidden />
        Display
      </summary>
      <fieldset className={styles.displayPanel}>
        <legend className={styles.displayLegend}>Show on the board</legend>
        {DISPLAY_TOGGLES.map((toggle) => (
          <DisplayToggle key={toggle.name} {...toggle} />
        ))}
      </fieldset>
    </details>
  );
}
