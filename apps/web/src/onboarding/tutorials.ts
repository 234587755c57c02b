export interface Tutorial {
  /** The saved user setting that records it was opened. */
  viewedFlag: string;
  title: string;
  steps: string[];
}

/** The tutorials panel's lessons, each short enough to read in the panel. */
export const TUTORIALS: Tutorial[] = [
  {
    viewedFlag: "boards_tutorial_viewed",
    title: "Boards and pipelines",
    steps: [
      "A workspace's board has a column, called a pipeline, for each stage your work goes through.",
      "Each pipeline holds GitHub issues, pull requests and Gantry issues, and counts their issues, pull requests and points.",
      "Move an issue to the next pipeline as it progresses; filters narrow the board by label, assignee, sprint or estimate.",
    ],
  },
  {
    viewedFlag: "sprints_tutorial_viewed",
    title: "Sprints",
    steps: [
      "Set up sprints once for a workspace: their length, the day they start and the time zone.",
      "New sprints are created continuously as each sprint ends, and unfinished issues can move on to the next one.",
      "Opt in to automated sprints and issues move from your backlog pipeline into the sprint for you.",
    ],
  },
  {
    viewedFlag: "workflows_tutorial_viewed",
    title: "Workflows",
    steps: [
      "Connect your GitHub repositories to a workspace; their issues and pull requests appear on its board.",
      "Work in GitHub as usual: an issue closed there moves to the Closed pipeline here.",
      "Press Ctrl K (⌘K on a Mac) on any page to jump to a workspace or run an action from the keyboard.",
    ],
  },
];
