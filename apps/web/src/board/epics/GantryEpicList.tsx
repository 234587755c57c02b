import { epicTitleError, formatNumber } from "@gantry/domain";
import { InfoIcon, PlusIcon, ProjectSymlinkIcon } from "@primer/octicons-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { FormActions } from "../../ui/FormActions";
import { FormError } from "../../ui/FormError";
import form from "../../ui/form.module.css";
import { IconButton } from "../../ui/IconButton";
import panel from "../../ui/Panel.module.css";
import { stack } from "../../ui/stack";
import { filterChanged } from "../board-slice";
import { useBoardDispatch, useBoardSelector } from "../board-store";
import { withSelectedValues } from "../filters/filter-menus";
import { EpicPanel } from "./EpicPanel";
import { EpicAssigneeAvatars, EpicLabelChips } from "./EpicPeopleAndLabels";
import styles from "./GantryEpicList.module.css";
import { EPIC_STATE_NAME, type GantryEpicSummary, useCreateGantryEpic, useGantryEpics } from "./gantry-epics-api";

const percent = ({ closed, total }: { closed: number; total: number }) =>
  total ? Math.round((closed / total) * 100) : 0;

interface EpicRowProps {
  epic: GantryEpicSummary;
  active: boolean;
  onPick: () => void;
  onOpen: () => void;
}

/** An epic's card: picking it narrows the board; its people and labels under it, and a button opening its panel. */
function EpicRow({ epic, active, onPick, onOpen }: EpicRowProps) {
  const issues = epic.gantryIssueCountProgress;
  const points = epic.gantryIssueEstimateProgress;
  const carries = epic.assignees.nodes.length > 0 || epic.labels.length > 0;
  return (
    <li className={`${styles.card} ${active ? styles.active : ""}`}>
      <button
        type="button"
        className={styles.epic}
        aria-pressed={active}
        title={active ? "Show the whole board" : `Show only ${epic.title}'s issues`}
        onClick={onPick}
      >
        <span className={styles.epicTitle}>
          {epic.title}
          {epic.state === "OPEN" ? null : (
            <span className={styles.closed}> ({EPIC_STATE_NAME[epic.state].toLowerCase()})</span>
          )}
        </span>
        <progress
          className={styles.bar}
          max={issues.total || 1}
          value={issues.closed}
          aria-label={`${percent(issues)}% of issues closed`}
        />
        <span className={styles.counts}>
          {formatNumber(issues.closed)}/{formatNumber(issues.total)} issues · {formatNumber(points.closed)}/
          {formatNumber(points.total)} points
        </span>
      </button>
      {carries ? (
        <div className={styles.carries}>
          <EpicAssigneeAvatars people={epic.assignees.nodes} />
          <EpicLabelChips labels={epic.labels} />
        </div>
      ) : null}
      <span className={styles.open}>
        <IconButton label={`Open ${epic.title}`} icon={<InfoIcon />} onClick={onOpen} />
      </span>
    </li>
  );
}

function NewEpicForm({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const [title, setTitle] = useState("");
  const [touched, setTouched] = useState(false);
  const create = useCreateGantryEpic(workspaceId);
  const inputId = useId();
  const problem = touched ? epicTitleError(title) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (epicTitleError(title)) return;
    create.mutate(title.trim(), { onSuccess: onDone });
  };
  return (
    <form
      className={`${stack({ direction: "column" })} ${panel.frame} ${styles.newEpic}`}
      onSubmit={submit}
      aria-label="New epic"
    >
      <label htmlFor={inputId} className={styles.label}>
        Epic title
      </label>
      <input
        id={inputId}
        className={form.input}
        value={title}
        // biome-ignore lint/a11y/noAutofocus: the form opens because the person asked to type a title
        autoFocus
        onChange={(event) => setTitle(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") onDone();
        }}
      />
      <FormError>{problem ?? create.error?.message}</FormError>
      <FormActions submitText="Create epic" onCancel={onDone} disabled={create.isPending} />
    </form>
  );
}

/**
 * The board's Gantry epic list (`showGantryEpicList`): each epic with its progress; picking one
 * narrows the board to its issues through the gantryEpics filter, picking it again shows all.
 */
export function GantryEpicList({ workspaceId, canEdit }: { workspaceId: string; canEdit: boolean }) {
  const epics = useGantryEpics(workspaceId);
  const filters = useBoardSelector((state) => state.board.filters);
  const dispatch = useBoardDispatch();
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = epics.data?.find((epic) => epic.id === openId);
  const headingId = useId();
  const picked = filters.gantryEpics.in;
  const pick = (id: string) => {
    const only = picked.length === 1 && picked[0] === id;
    dispatch(
      filterChanged({
        key: "gantryEpics",
        filters: withSelectedValues(filters, "gantryEpics", "include", only ? [] : [id]),
      }),
    );
  };
  return (
    <aside className={styles.panel} aria-labelledby={headingId}>
      <header className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          <ProjectSymlinkIcon aria-hidden /> Epics
        </h2>
        {canEdit && !adding ? (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon aria-hidden /> New epic
          </Button>
        ) : null}
      </header>
      {adding ? <NewEpicForm workspaceId={workspaceId} onDone={() => setAdding(false)} /> : null}
      {epics.isError ? (
        <p role="alert" className={styles.note}>
          We couldn't load the epics: {epics.error.message}
        </p>
      ) : epics.isPending ? (
        <p className={styles.note}>Loading epics…</p>
      ) : epics.data.length === 0 ? (
        <p className={styles.note}>No epics yet.</p>
      ) : (
        <ul className={styles.list}>
          {epics.data.map((epic) => (
            <EpicRow
              key={epic.id}
              epic={epic}
              active={picked.length === 1 && picked[0] === epic.id}
              onPick={() => pick(epic.id)}
              onOpen={() => setOpenId(epic.id)}
            />
          ))}
        </ul>
      )}
      {opened ? (
        <EpicPanel workspaceId={workspaceId} epic={opened} canEdit={canEdit} onDismiss={() => setOpenId(null)} />
      ) : null}
    </aside>
  );
}

/** The board's pipelines, with the epic list beside them when the display settings show it. */
export function BoardWithEpicList(props: { workspaceId: string; canEdit: boolean; children: ReactNode }) {
  const shown = useBoardSelector((state) => state.board.settings.showGantryEpicList);
  if (!shown) return <>{props.children}</>;
  return (
    <div className={styles.area}>
      <GantryEpicList workspaceId={props.workspaceId} canEdit={props.canEdit} />
      {props.children}
    </div>
  );
}
