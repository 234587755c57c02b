import type { SandboxContext } from "../context.js";
import { notFound, validationFailed } from "../http/errors.js";
import type { Site } from "../http/site.js";
import type { Account, Label, Repository } from "../store/records.js";
import { labelWire } from "./wire.js";

export interface LabelChanges {
  name?: string;
  color?: string;
  description?: string | null;
}

/** GitHub takes colours as six hex digits, with or without `#`. */
function normaliseColor(color: string): string {
  const hex = color.replace(/^#/, "").toLowerCase();
  if (!/^[0-9a-f]{6}$/.test(hex)) throw validationFailed([{ resource: "Label", code: "invalid", field: "color" }]);
  return hex;
}

function emitLabelEvent(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  action: string,
  label: Label,
  extra = {},
) {
  context.webhooks.emit(site, repository, sender, "label", {
    action,
    label: labelWire(site, context.store, repository, label),
    ...extra,
  });
}

export function findLabel(context: SandboxContext, repository: Repository, name: string): Label {
  const label = context.store.labelByName(repository, name);
  if (!label) throw notFound();
  return label;
}

export function createLabel(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  input: { name: string; color?: string; description?: string | null },
): Label {
  if (context.store.labelByName(repository, input.name)) {
    throw validationFailed([{ resource: "Label", code: "already_exists", field: "name" }]);
  }
  const label = context.store.createLabel(repository, {
    name: input.name,
    color: input.color === undefined ? undefined : normaliseColor(input.color),
    description: input.description,
  });
  emitLabelEvent(context, site, repository, sender, "created", label);
  return label;
}

export function updateLabel(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  label: Label,
  changes: LabelChanges,
): void {
  const color = changes.color === undefined ? undefined : normaliseColor(changes.color);
  const renamed = changes.name !== undefined && changes.name !== label.name;
  const clash = renamed && changes.name !== undefined ? context.store.labelByName(repository, changes.name) : undefined;
  if (clash && clash.id !== label.id) {
    throw validationFailed([{ resource: "Label", code: "already_exists", field: "name" }]);
  }
  const from: Record<string, { from: string | null }> = {};
  if (renamed && changes.name !== undefined) {
    from.name = { from: label.name };
    label.name = changes.name;
  }
  if (color !== undefined && color !== label.color) {
    from.color = { from: label.color };
    label.color = color;
  }
  if (changes.description !== undefined && changes.description !== label.description) {
    from.description = { from: label.description };
    label.description = changes.description;
  }
  if (Object.keys(from).length > 0)
    emitLabelEvent(context, site, repository, sender, "edited", label, { changes: from });
}

export function deleteLabel(
  context: SandboxContext,
  site: Site,
  repository: Repository,
  sender: Account,
  label: Label,
): void {
  repository.labels.delete(label.id);
  for (const issue of repository.issues.values()) {
    issue.labelIds = issue.labelIds.filter((id) => id !== label.id);
  }
  emitLabelEvent(context, site, repository, sender, "deleted", label);
}
