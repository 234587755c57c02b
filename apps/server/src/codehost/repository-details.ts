/** GitHub's node id, description and times of a repository, kept for the public API's `Repository`. */
export function gitHubDetails(wire: RepositoryDetailsWire) {
  // A push delivery gives `created_at` in Unix seconds, every other payload as ISO 8601 text.
  const time = (value: string | number | null | undefined) =>
    typeof value === "number" ? new Date(value * 1000) : value ? new Date(value) : undefined;
  return {
    ...(wire.node_id && { ghNodeId: wire.node_id }),
    ...(wire.description !== undefined && { description: wire.description }),
    ...(time(wire.created_at) && { ghCreatedAt: time(wire.created_at) }),
    ...(time(wire.updated_at) && { ghUpdatedAt: time(wire.updated_at) }),
  };
}

/** The parts of GitHub's repository object `gitHubDetails` reads (REST responses and webhook payloads). */
export interface RepositoryDetailsWire {
  node_id?: string;
  description?: string | null;
  created_at?: string | number | null;
  updated_at?: string | number | null;
}
