import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useGraphQL } from "../api/use-graphql";
import { organizationRoadmapPath } from "../roadmap/paths";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { Loader } from "../ui/Loader";
import { stack } from "../ui/stack";
import { useDebouncedValue } from "../ui/use-debounced-value";
import styles from "./Planning.module.css";
import { PlanningTree } from "./PlanningTree";
import {
  DEFAULT_PLANNING_FILTERS,
  filterCount,
  PLANNING_ORGANIZATION,
  type PlanningFilters,
  type PlanningOrganizationAnswer,
} from "./planning-api";
import { ROOT } from "./planning-slice";
import { usePlanningTree } from "./use-planning-tree";

const SEARCH_DELAY_MS = 300;

/** SPEC §1/§2: the organisation's strategic planning panel, a tree of parent and child issues across its workspaces. */
export function PlanningPage() {
  const { organizationId = "" } = useParams();
  const request = useGraphQL();
  const organization = useQuery({
    queryKey: ["planning-organization", organizationId],
    queryFn: () => request<PlanningOrganizationAnswer>(PLANNING_ORGANIZATION, { id: organizationId }),
  });
  const [filters, setFilters] = useState<PlanningFilters>(DEFAULT_PLANNING_FILTERS);
  const [text, setText] = useState("");
  const settledText = useDebouncedValue(text, SEARCH_DELAY_MS);
  const applied = { ...filters, query: settledText };
  const tree = usePlanningTree(organizationId, applied);
  const name = organization.data?.node?.name;
  const top = tree.state.tree[ROOT];

  if (organization.data && !organization.data.node)
    return (
      <main className={styles.page}>
        <p role="alert">This organization does not exist, or you are not a member of it.</p>
      </main>
    );

  return (
    <main className={styles.page}>
      <header className={stack({ direction: "column", gap: 4 })}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>Strategic planning{name ? ` · ${name}` : ""}</h1>
          <Link to={organizationRoadmapPath(organizationId)}>Roadmap</Link>
        </div>
        <p className={form.hint}>
          Drag an issue to reorder it or onto another to make it a sub-issue. From the keyboard: Alt+↑/↓ moves it, Alt+→
          puts it under the issue above, Alt+← moves it out of its parent.
        </p>
      </header>
      <search className={styles.filters} aria-label="Filter issues">
        <label className={styles.filter}>
          Search
          <input
            type="search"
            className={`${form.input} ${styles.search}`}
            placeholder="Title or #number"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <label className={styles.filter}>
          Workspace
          <select
            className={form.select}
            value={filters.workspaceId ?? ""}
            onChange={(event) => setFilters({ ...filters, workspaceId: event.target.value || null })}
          >
            <option value="">All workspaces</option>
            {(organization.data?.node?.workspaces.nodes ?? []).map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          State
          <select
            className={form.select}
            value={filters.state}
            onChange={(event) => setFilters({ ...filters, state: event.target.value as PlanningFilters["state"] })}
          >
            <option value="OPEN">Open</option>
            <option value="CLOSED">Closed</option>
            <option value="ALL">Open and closed</option>
          </select>
        </label>
        {filterCount(applied) > 0 ? (
          <Button
            onClick={() => {
              setText("");
              setFilters(DEFAULT_PLANNING_FILTERS);
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </search>
      {tree.status === "error" ? (
        <p className={styles.error} role="alert">
          The issues could not be loaded: {tree.error}
          <Button onClick={tree.retry}>Try again</Button>
        </p>
      ) : null}
      {top === undefined && tree.status === "loading" ? <Loader label="Loading issues" /> : null}
      {top !== undefined && top.length === 0 ? (
        <p className={styles.empty}>
          {filterCount(applied) > 0 ? "No issues match these filters." : "No issues to plan yet."}
        </p>
      ) : null}
      {top !== undefined && top.length > 0 ? (
        <PlanningTree
          label={`Strategic planning${name ? ` for ${name}` : ""}`}
          state={tree.state}
          isMoving={tree.isMoving}
          isLoadingMore={tree.status === "loading"}
          loadingChildren={tree.loadingChildren}
          onLoadMore={tree.loadMore}
          onLoadChildren={(parentId) => void tree.loadChildren(parentId)}
          onMove={(move, unloadedParent) => void tree.move(move, unloadedParent)}
        />
      ) : null}
    </main>
  );
}
