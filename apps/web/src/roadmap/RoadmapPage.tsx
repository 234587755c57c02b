import {
  defaultDates,
  formatNumber,
  localDayNumber,
  ROADMAP_DAY_WIDTH,
  type RoadmapZoom,
  roadmapDueLabel,
  timelineWindow,
} from "@gantry/domain";
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { boardPath } from "../board/paths";
import { planningPath } from "../planning/paths";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { LoadError } from "../ui/LoadError";
import { Loader } from "../ui/Loader";
import plainList from "../ui/plain-list.module.css";
import { useToasts } from "../ui/toast/toast-context";
import hidden from "../ui/visually-hidden.module.css";
import { workspacePath } from "../workspaces/paths";
import styles from "./Roadmap.module.css";
import { RoadmapBar } from "./RoadmapBar";
import {
  NO_FILTER,
  ROADMAP_KINDS,
  type RoadmapFilter,
  type RoadmapItem,
  type RoadmapItemType,
  type RoadmapScope,
  useChangeRoadmapDates,
  useRoadmap,
} from "./roadmap-api";

/** Width of the sticky column naming each row. */
const LABEL_WIDTH = 300;

type TypeChoice = "ALL" | RoadmapItemType;

const KINDS = Object.keys(ROADMAP_KINDS) as RoadmapItemType[];

const isDated = (item: RoadmapItem): item is RoadmapItem & { startOn: string; endOn: string } =>
  item.startOn !== null && item.endOn !== null;

const count = (value: number, one: string, many: string) => `${formatNumber(value)} ${value === 1 ? one : many}`;

const ZOOM_NAMES: Record<RoadmapZoom, string> = { week: "Weeks", month: "Months", quarter: "Quarters" };

function progressText(item: RoadmapItem) {
  return `${item.issues.closed} of ${count(item.issues.total, "issue", "issues")} closed · ${formatNumber(item.points.closed)} of ${count(item.points.total, "point", "points")} done`;
}

function filterOf(type: TypeChoice, itemId: string, workspaceId: string, options: RoadmapItem[]): RoadmapFilter {
  const picked = options.find((item) => item.id === itemId);
  return {
    types: type === "ALL" ? [] : [type],
    gantryEpicIds: picked?.type === "GANTRY_EPIC" ? [picked.id] : [],
    releaseIds: picked?.type === "RELEASE" ? [picked.id] : [],
    epicIds: picked?.type === "EPIC" ? [picked.id] : [],
    workspaceIds: workspaceId ? [workspaceId] : [],
  };
}

/** /workspaces/:workspaceId/roadmap: the workspace's Gantry epics and releases on a timeline. */
export function RoadmapPage() {
  const { workspaceId = "" } = useParams();
  return <RoadmapView key={workspaceId} scope={{ kind: "workspace", id: workspaceId }} />;
}

/** /organizations/:organizationId/roadmap: those of every workspace of the organisation, filterable by workspace. */
export function OrganizationRoadmapPage() {
  const { organizationId = "" } = useParams();
  return <RoadmapView key={organizationId} scope={{ kind: "organization", id: organizationId }} />;
}

function RoadmapView({ scope }: { scope: RoadmapScope }) {
  const [zoom, setZoom] = useState<RoadmapZoom>("week");
  const [type, setType] = useState<TypeChoice>("ALL");
  const [itemId, setItemId] = useState("");
  const [workspaceId, setWorkspaceId] = useState("");
  const [now] = useState(() => new Date());
  const today = localDayNumber(now);
  const all = useRoadmap(scope, NO_FILTER);
  const options = all.data?.items ?? [];
  const filter = filterOf(type, itemId, workspaceId, options);
  const filtered = useRoadmap(scope, filter);
  const changeDates = useChangeRoadmapDates();
  const isOrganization = scope.kind === "organization";
  const toasts = useToasts();
  const scroller = useRef<HTMLDivElement>(null);

  const items = filtered.data?.items;
  const dated = useMemo(() => (items ?? []).filter(isDated), [items]);
  const undated = useMemo(() => (items ?? []).filter((item) => !isDated(item)), [items]);
  const timeline = useMemo(() => timelineWindow(dated, today, zoom), [dated, today, zoom]);
  const dayWidth = ROADMAP_DAY_WIDTH[zoom];
  const todayX = (today - timeline.start) * dayWidth;

  const scrollToToday = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollLeft = Math.max(0, todayX - (element.clientWidth - LABEL_WIDTH) / 3);
  }, [todayX]);

  const loaded = Boolean(filtered.data);
  // On first showing and on every zoom, today comes into view; later refreshes keep the person's scroll.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the scale or first load changes, not on every refetch.
  useEffect(() => {
    if (loaded) scrollToToday();
  }, [loaded, zoom]);

  const save = (item: RoadmapItem, dates: { startOn: string; endOn: string }) =>
    changeDates.mutate(
      { item, ...dates },
      {
        onError: (error) =>
          toasts.show({ kind: "error", message: `The dates of "${item.title}" were not changed: ${error.message}` }),
      },
    );

  const data = filtered.data ?? all.data;
  const error = filtered.error ?? all.error;
  if (error && !data) {
    return (
      <main className={styles.page}>
        <LoadError error={error} onRetry={() => void Promise.all([all.refetch(), filtered.refetch()])}>
          We couldn't load the roadmap
        </LoadError>
      </main>
    );
  }
  if (!data) {
    return (
      <main className={styles.page}>
        <Loader label="Loading the roadmap" />
      </main>
    );
  }
  const { owner, workspaces } = data;
  const nothingPlanned = all.data?.items.length === 0;
  // Pickable items follow the workspace picked, so "Item" never offers what the page would not show.
  const pickable = options.filter((option) => !workspaceId || option.workspace.id === workspaceId);
  const rowMeta = (item: RoadmapItem) => (isOrganization ? `${item.workspace.name} · ` : "");

  return (
    <main className={styles.page} data-width="full">
      <header className={styles.header}>
        <h1 className={styles.title}>
          {isOrganization ? owner.name : <Link to={workspacePath(owner.id)}>{owner.name}</Link>}{" "}
          <span className={styles.titleSuffix}>Roadmap</span>
        </h1>
        {isOrganization ? (
          <Link to={planningPath(owner.id)}>Strategic planning</Link>
        ) : (
          <Link to={boardPath(owner.id)}>Board</Link>
        )}
      </header>
      <div className={styles.toolbar}>
        <fieldset className={styles.zoom}>
          <legend className={hidden.hidden}>Zoom</legend>
          {(["week", "month", "quarter"] as const).map((choice) => (
            <Button key={choice} aria-pressed={zoom === choice} onClick={() => setZoom(choice)}>
              {ZOOM_NAMES[choice]}
            </Button>
          ))}
        </fieldset>
        {isOrganization ? (
          <label className={styles.filter}>
            Workspace
            <select
              className={form.control}
              value={workspaceId}
              onChange={(event) => {
                setWorkspaceId(event.target.value);
                setItemId("");
              }}
            >
              <option value="">All workspaces</option>
              {workspaces.map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.filter}>
          Type
          <select className={form.control} value={type} onChange={(event) => setType(event.target.value as TypeChoice)}>
            <option value="ALL">Epics and releases</option>
            {KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {ROADMAP_KINDS[kind].plural}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          Item
          <select className={form.control} value={itemId} onChange={(event) => setItemId(event.target.value)}>
            <option value="">All items</option>
            {KINDS.map((kind) => (
              <optgroup key={kind} label={ROADMAP_KINDS[kind].plural}>
                {pickable
                  .filter((option) => option.type === kind)
                  .map((option) => (
                    <option key={option.id} value={option.id}>
                      {option.title}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        <Button onClick={scrollToToday}>Today</Button>
        {owner.canEdit ? (
          <p className={styles.hint} id="roadmap-keys">
            Drag a bar or its edges. Keyboard: focus a bar, arrows move it a day, Shift+arrows move its end,
            Alt+Shift+arrows its start.
          </p>
        ) : null}
      </div>

      {nothingPlanned ? (
        <div className={styles.empty}>
          <h2>Nothing on the roadmap yet</h2>
          {isOrganization ? (
            <p>The Gantry epics and releases of this organization's workspaces appear here to be planned.</p>
          ) : (
            <p>
              Gantry epics (made from the <Link to={boardPath(owner.id)}>board</Link>) and releases (made in the
              workspace settings) appear here to be planned.
            </p>
          )}
        </div>
      ) : (
        <>
          <div
            className={styles.scroller}
            ref={scroller}
            aria-busy={filtered.isFetching}
            style={{ "--label-width": `${LABEL_WIDTH}px` } as CSSProperties}
          >
            <div className={styles.grid} style={{ width: LABEL_WIDTH + (timeline.end - timeline.start) * dayWidth }}>
              <div className={styles.headerRow}>
                <div className={styles.corner}>{dated.length === 0 ? "No dated items" : "Epics and releases"}</div>
                <div className={styles.columns}>
                  {timeline.columns.map((column) => (
                    <div
                      key={column.start}
                      className={styles.column}
                      style={{
                        left: (column.start - timeline.start) * dayWidth,
                        width: (column.end - column.start) * dayWidth,
                      }}
                      title={column.title}
                    >
                      {column.label}
                    </div>
                  ))}
                </div>
              </div>
              <div className={styles.body}>
                {timeline.columns.map((column) => (
                  <div
                    key={column.start}
                    className={styles.gridLine}
                    style={{ left: LABEL_WIDTH + (column.start - timeline.start) * dayWidth }}
                    aria-hidden
                  />
                ))}
                <div className={styles.today} style={{ left: LABEL_WIDTH + todayX }} aria-hidden>
                  <span className={styles.todayLabel}>Today</span>
                </div>
                {dated.map((item) => (
                  <div key={item.id} className={styles.row} data-testid="roadmap-row">
                    <div className={styles.rowLabel}>
                      <span className={styles.rowTitle}>
                        <span className={styles.kind}>{ROADMAP_KINDS[item.type].name}</span> {item.title}
                        {item.state === "CLOSED" ? <span className={styles.closed}>Closed</span> : null}
                      </span>
                      <span className={styles.rowMeta}>
                        {rowMeta(item)}
                        {roadmapDueLabel(item.endOn, now)}
                      </span>
                      <span className={styles.rowMeta}>{progressText(item)}</span>
                    </div>
                    <div className={styles.track}>
                      <RoadmapBar
                        item={item}
                        windowStart={timeline.start}
                        windowEnd={timeline.end}
                        dayWidth={dayWidth}
                        canEdit={item.workspace.canEdit}
                        onChange={(dates) => save(item, dates)}
                      />
                    </div>
                  </div>
                ))}
              </div>
            </div>
          </div>
          {undated.length > 0 ? (
            <section className={styles.undated} aria-labelledby="roadmap-undated">
              <h2 id="roadmap-undated">Without dates</h2>
              <ul className={plainList.column}>
                {undated.map((item) => (
                  <li key={item.id} className={styles.undatedItem}>
                    <span className={styles.rowTitle}>
                      <span className={styles.kind}>{ROADMAP_KINDS[item.type].name}</span> {item.title}
                    </span>
                    <span className={styles.rowMeta}>
                      {rowMeta(item)}
                      {roadmapDueLabel(item.endOn, now)} · {progressText(item)}
                    </span>
                    {item.workspace.canEdit ? (
                      <Button onClick={() => save(item, defaultDates(item, today))}>Set dates</Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {items && items.length === 0 ? (
            <p className={styles.noMatch}>No epics or releases match these filters.</p>
          ) : null}
        </>
      )}
    </main>
  );
}
