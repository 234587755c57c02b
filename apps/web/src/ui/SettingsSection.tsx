import type { ReactNode } from "react";
import { EmptyState } from "./EmptyState";
import { Loader } from "./Loader";
import { Panel, type PanelProps } from "./Panel";

interface SettingsSectionProps extends Omit<PanelProps, "frame"> {
  /** The list the section shows and edits (a TanStack query result). */
  query: { isPending: boolean; data?: readonly unknown[] };
  /** The loader's name while the list is read: "Loading priorities". */
  loading: string;
  /** Said once the list is read and has nothing in it: "No priorities yet." */
  empty?: ReactNode;
}

/**
 * One section of a settings frame (a workspace's settings): a plain panel whose list is read from the
 * server, with the loader while it is read and the empty state when there is nothing in it.
 */
export function SettingsSection({ query, loading, empty, children, ...panel }: SettingsSectionProps) {
  return (
    <Panel frame="plain" {...panel}>
      {query.isPending ? <Loader label={loading} /> : null}
      {empty && query.data?.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {children}
    </Panel>
  );
}
