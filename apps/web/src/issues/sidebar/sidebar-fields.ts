/** The issue viewer sidebar's rows, in the order they are shown (decision 0018). */
export type SidebarFieldKey =
  | "pipeline"
  | "estimate"
  | "priority"
  | "assignees"
  | "labels"
  | "sprints"
  | "epics"
  | "parent"
  | "releases"
  | "milestone"
  | "blockedBy"
  | "blocking";

/** A single key, with or without Shift; never with Ctrl, Cmd or Alt, which browsers and the shell own. */
export interface FieldShortcut {
  key: string;
  shift: boolean;
}

export interface SidebarFieldSpec {
  key: SidebarFieldKey;
  /** The row's button. */
  label: string;
  shortcut: FieldShortcut;
  /** The picker's title and its list's accessible name. */
  title: string;
  placeholder: string;
  selectionMode: "single" | "multiple";
  /** Beside the button when the field is empty. */
  empty: string;
  /** Shown only from a workspace: a pipeline and a priority mean nothing without its board. */
  perWorkspace: boolean;
}

const key = (letter: string, shift = false): FieldShortcut => ({ key: letter, shift });

export const SIDEBAR_FIELDS: readonly SidebarFieldSpec[] = [
  {
    key: "pipeline",
    label: "Pipeline",
    shortcut: key("p"),
    title: "Move this issue to a pipeline",
    placeholder: "Filter pipelines",
    selectionMode: "single",
    empty: "Not on this board",
    perWorkspace: true,
  },
  {
    key: "estimate",
    label: "Estimate",
    shortcut: key("e"),
    title: "Estimate this issue",
    placeholder: "Filter estimates",
    selectionMode: "single",
    empty: "Not estimated",
    perWorkspace: false,
  },
  {
    key: "priority",
    label: "Priority",
    shortcut: key("p", true),
    title: "Set this issue's priority",
    placeholder: "Filter priorities",
    selectionMode: "single",
    empty: "No priority",
    perWorkspace: true,
  },
  {
    key: "assignees",
    label: "Assignees",
    shortcut: key("a"),
    title: "Assign people to this issue",
    placeholder: "Filter people",
    selectionMode: "multiple",
    empty: "No one assigned",
    perWorkspace: false,
  },
  {
    key: "labels",
    label: "Labels",
    shortcut: key("l"),
    title: "Apply labels to this issue",
    placeholder: "Filter labels, or type a new one",
    selectionMode: "multiple",
    empty: "None yet",
    perWorkspace: false,
  },
  {
    key: "sprints",
    label: "Sprints",
    shortcut: key("s"),
    title: "Add this issue to any sprint",
    placeholder: "Filter sprints",
    selectionMode: "multiple",
    empty: "No sprint assigned",
    perWorkspace: false,
  },
  {
    key: "epics",
    label: "Epic",
    shortcut: key("e", true),
    title: "Add this issue to epics",
    placeholder: "Filter epics",
    selectionMode: "multiple",
    empty: "No epic",
    perWorkspace: false,
  },
  {
    key: "parent",
    label: "Parent issue",
    shortcut: key("u"),
    title: "Make this a sub-issue of",
    placeholder: "Search issues by title or number",
    selectionMode: "single",
    empty: "No parent issue",
    perWorkspace: false,
  },
  {
    key: "releases",
    label: "Release",
    shortcut: key("r"),
    title: "Add this issue to releases",
    placeholder: "Filter releases",
    selectionMode: "multiple",
    empty: "No release",
    perWorkspace: false,
  },
  {
    key: "milestone",
    label: "Milestone",
    shortcut: key("m"),
    title: "Set this issue's milestone",
    placeholder: "Filter milestones",
    selectionMode: "single",
    empty: "No milestone",
    perWorkspace: false,
  },
  {
    key: "blockedBy",
    label: "Blocked by",
    shortcut: key("b"),
    title: "Issues blocking this one",
    placeholder: "Search issues by title or number",
    selectionMode: "multiple",
    empty: "Nothing blocks this issue",
    perWorkspace: false,
  },
  {
    key: "blocking",
    label: "Blocking",
    shortcut: key("b", true),
    title: "Issues this one blocks",
    placeholder: "Search issues by title or number",
    selectionMode: "multiple",
    empty: "Blocks nothing",
    perWorkspace: false,
  },
];

/** As aria-keyshortcuts and tooltips write it: "P", "Shift+P". */
export function shortcutText({ key: letter, shift }: FieldShortcut): string {
  return `${shift ? "Shift+" : ""}${letter.toUpperCase()}`;
}

/** The field a key press opens, if any. Shift+P arrives as key "P" with shiftKey set. */
export function fieldForKey(
  event: Pick<KeyboardEvent, "key" | "shiftKey" | "ctrlKey" | "metaKey" | "altKey">,
  fields: readonly SidebarFieldSpec[] = SIDEBAR_FIELDS,
): SidebarFieldSpec | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  return fields.find(
    ({ shortcut }) =>
      shortcut.shift === event.shiftKey &&
      event.key === (shortcut.shift ? shortcut.key.toUpperCase() : shortcut.key.toLowerCase()),
  );
}
