import { PencilIcon } from "@primer/octicons-react";
import { type ReactNode, useCallback, useId, useRef, useState } from "react";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { LabelDot, LabelList } from "../../ui/LabelList";
import lists from "../../ui/plain-list.module.css";
import { SelectionList, type SelectionListProps, type SelectionOption } from "../../ui/selection-list/SelectionList";
import hidden from "../../ui/visually-hidden.module.css";
import styles from "./EpicPeopleAndLabels.module.css";
import {
  type EpicChange,
  type EpicPerson,
  type GantryEpicSummary,
  type GantryLabelSummary,
  personName,
  useChangeEpic,
  useEpicAssigneeOptions,
  useWorkspaceGantryLabels,
} from "./gantry-epics-api";

/** An epic's assignees as a row of pictures, each named for screen readers and on hover. */
export function EpicAssigneeAvatars({ people }: { people: EpicPerson[] }) {
  if (people.length === 0) return null;
  return (
    <ul className={lists.row} aria-label="Assignees">
      {people.map((person) => (
        <li key={person.id} title={personName(person)} className={styles.avatar}>
          <Avatar name={personName(person)} src={person.imageUrl} />
          <span className={hidden.hidden}>{personName(person)}</span>
        </li>
      ))}
    </ul>
  );
}

/** An epic's Gantry labels as chips: a neutral pill with the label's colour as a dot, legible in either theme. */
export function EpicLabelChips({ labels }: { labels: GantryLabelSummary[] }) {
  if (labels.length === 0) return null;
  return (
    <LabelList
      label="Labels"
      labels={labels.map((label) => ({
        key: label.id,
        name: label.name,
        icon: label.color ? <LabelDot color={label.color} /> : undefined,
      }))}
    />
  );
}

function PeopleList({ people }: { people: EpicPerson[] }) {
  return (
    <ul className={lists.column} aria-label="Assignees">
      {people.map((person) => (
        <li key={person.id} className={styles.person}>
          <Avatar name={personName(person)} src={person.imageUrl} />
          {personName(person)}
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  workspaceId: string;
  epic: GantryEpicSummary;
  canEdit: boolean;
}

/** What a field's picker lists; the field makes it a multiple-choice list with a Done footer. */
type FieldPicker = Pick<
  SelectionListProps,
  "label" | "options" | "selectedIds" | "onSelectionChange" | "search" | "empty"
> & {
  /** The query loading the options, whose progress and failure the footer shows. */
  query: PickerQuery;
  /** What the options are, in the footer's words ("people", "labels"). */
  noun: string;
};

/**
 * One of the epic panel's fields: its heading, its values, and for an editor a button opening a
 * searchable list; each pick is sent at once and the list stays open for the next one.
 */
function EpicField({
  title,
  values,
  empty,
  canEdit,
  change,
  open,
  onOpenChange,
  picker: { query, noun, ...list },
}: {
  title: string;
  values: ReactNode;
  empty: boolean;
  canEdit: boolean;
  change: ReturnType<typeof useChangeEpic>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  picker: FieldPicker;
}) {
  const headingId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };
  return (
    <section className={styles.field} aria-labelledby={headingId} aria-busy={change.isPending || undefined}>
      <div className={styles.fieldHeader}>
        <h3 id={headingId} className={styles.fieldTitle}>
          {title}
        </h3>
        {canEdit ? (
          <button
            ref={buttonRef}
            type="button"
            className={styles.editButton}
            aria-expanded={open}
            onClick={() => (open ? close() : onOpenChange(true))}
          >
            <PencilIcon aria-hidden /> Edit {title.toLowerCase()}
          </button>
        ) : null}
      </div>
      {empty ? <p className={styles.none}>None yet</p> : values}
      {change.error ? (
        <p role="alert" className={styles.error}>
          {title} were not changed: {change.error.message}
        </p>
      ) : null}
      {open ? (
        <SelectionList
          {...list}
          selectionMode="multiple"
          onClose={close}
          height={320}
          footer={<PickerFooter query={query} noun={noun} onDone={close} />}
        />
      ) : null}
    </section>
  );
}

function AssigneesField({ workspaceId, epic, canEdit }: FieldProps) {
  const change = useChangeEpic(workspaceId, epic.id);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const found = useEpicAssigneeOptions(workspaceId, query, open);
  const onQueryChange = useCallback((next: { term: string }) => setQuery(next.term), []);
  const assigned = epic.assignees.nodes;
  const assignedIds = assigned.map((person) => person.id);
  // Those assigned now stay listed whatever the search, so they can be taken off.
  const options: SelectionOption[] = [
    ...assigned,
    ...(found.data ?? []).filter((person) => !assignedIds.includes(person.id)),
  ].map((person) => ({
    id: person.id,
    label: personName(person),
    description: person.name && person.email ? person.email : undefined,
    icon: <Avatar name={personName(person)} src={person.imageUrl} />,
  }));
  const pick = (ids: string[]) => {
    const picked = onePick(assignedIds, ids);
    if (picked && !change.isPending)
      change.mutate({ field: "assignees", change: picked.change, assigneeId: picked.id });
  };
  return (
    <EpicField
      title="Assignees"
      values={<PeopleList people={assigned} />}
      empty={assigned.length === 0}
      canEdit={canEdit}
      change={change}
      open={open}
      onOpenChange={setOpen}
      picker={{
        label: "Assign people who can open this workspace",
        options,
        selectedIds: assignedIds,
        onSelectionChange: pick,
        search: { placeholder: "Search people by name or email", onQueryChange },
        query: found,
        noun: "people",
      }}
    />
  );
}

function LabelsField({ workspaceId, epic, canEdit }: FieldProps) {
  const change = useChangeEpic(workspaceId, epic.id);
  const [open, setOpen] = useState(false);
  const known = useWorkspaceGantryLabels(workspaceId, open);
  const onEpic = epic.labels.map((label) => label.id);
  const all = [...epic.labels, ...(known.data ?? []).filter((label) => !onEpic.includes(label.id))];
  const options: SelectionOption[] = all.map((label) => ({
    id: label.id,
    label: label.name,
    icon: label.color ? <LabelDot color={label.color} /> : undefined,
  }));
  const send = (next: EpicChange) => {
    if (!change.isPending) change.mutate(next);
  };
  const pick = (ids: string[]) => {
    const picked = onePick(onEpic, ids);
    if (picked) send({ field: "labels", change: picked.change, labelId: picked.id });
  };
  // A typed name is an existing label when one has it (any case), else a new one the server makes.
  const addNamed = (text: string) => {
    const name = text.trim();
    if (!name) return;
    const existing = all.find((label) => label.name.toLowerCase() === name.toLowerCase());
    if (existing && onEpic.includes(existing.id)) return;
    send(
      existing
        ? { field: "labels", change: "add", labelId: existing.id }
        : { field: "labels", change: "add", labelName: name },
    );
  };
  return (
    <EpicField
      title="Labels"
      values={<EpicLabelChips labels={epic.labels} />}
      empty={epic.labels.length === 0}
      canEdit={canEdit}
      change={change}
      open={open}
      onOpenChange={setOpen}
      picker={{
        label: "Pick or create labels",
        options,
        selectedIds: onEpic,
        onSelectionChange: pick,
        search: { placeholder: "Filter or create a label", onSubmit: addNamed },
        empty: "No label by that name: press Enter to create it.",
        query: known,
        noun: "labels",
      }}
    />
  );
}

/** The epic panel's people and labels, editable by the workspace's editors and read-only for everyone else. */
export function EpicPeopleAndLabels(props: FieldProps) {
  return (
    <div className={styles.fields}>
      <AssigneesField {...props} />
      <LabelsField {...props} />
    </div>
  );
}

/** A picker changes one entry a click: the one added to, or else taken from, what was selected. */
function onePick(before: string[], after: string[]): { change: "add" | "remove"; id: string } | null {
  const added = after.find((id) => !before.includes(id));
  if (added) return { change: "add", id: added };
  const removed = before.find((id) => !after.includes(id));
  return removed ? { change: "remove", id: removed } : null;
}

interface PickerQuery {
  isError: boolean;
  isPending: boolean;
  error: Error | null;
}

function PickerFooter({ query, noun, onDone }: { query: PickerQuery; noun: string; onDone: () => void }) {
  if (query.isError)
    return (
      <span role="alert">
        Could not load the {noun}: {query.error?.message}
      </span>
    );
  if (query.isPending) return <>Loading {noun}…</>;
  return <Button onClick={onDone}>Done</Button>;
}
