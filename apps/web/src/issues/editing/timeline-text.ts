import type { TimelineItemView } from "./issue-editing-api";

const quoted = (value: string) => `“${value}”`;

/** Fields holding a set: an event adds (from null) or removes (to null) one member. */
const MEMBERSHIP: Record<string, { added: string; removed: string }> = {
  labels: { added: "added the label", removed: "removed the label" },
  assignees: { added: "assigned", removed: "unassigned" },
  sprint: { added: "added this to the sprint", removed: "removed this from the sprint" },
  release: { added: "added this to the release", removed: "removed this from the release" },
  epic: { added: "added this to the epic", removed: "removed this from the epic" },
  // On the blocked issue the "blocking" field lists what blocks it, and the other way round.
  blocking: { added: "marked this as blocked by", removed: "removed the block by" },
  blocked: { added: "marked this as blocking", removed: "removed the block on" },
};

const NAMES: Record<string, string> = {
  milestone: "the milestone",
  estimate: "the estimate",
  priority: "the priority",
  parent: "the parent issue",
  issueType: "the issue type",
};

/** What a timeline entry says after the actor's name, e.g. "moved this from Backlog to In Progress". */
export function timelineText({ field, from, to }: Pick<TimelineItemView, "field" | "from" | "to">): string {
  const membership = MEMBERSHIP[field];
  if (membership) return to !== null ? `${membership.added} ${to}` : `${membership.removed} ${from ?? ""}`;
  switch (field) {
    case "created":
      return `opened this ${to ?? "issue"}`;
    case "title":
      return from === null
        ? `changed the title to ${quoted(to ?? "")}`
        : `changed the title from ${quoted(from)} to ${quoted(to ?? "")}`;
    case "body":
      return "edited the description";
    case "state":
      return to === "closed" ? "closed this" : "reopened this";
    case "pipeline":
      return from === null ? `moved this to ${to ?? ""}` : `moved this from ${from} to ${to ?? ""}`;
  }
  const name = NAMES[field] ?? field;
  if (to === null) return `removed ${name}${from === null ? "" : ` ${from}`}`;
  return from === null ? `set ${name} to ${to}` : `changed ${name} from ${from} to ${to}`;
}
