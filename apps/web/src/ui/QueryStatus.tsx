import type { ReactNode } from "react";
import { LoadError } from "./LoadError";
import { Loader } from "./Loader";

interface QueryStatusProps {
  /** The read a screen waits for (a TanStack query result). */
  query: { isPending: boolean; error: Error | null; refetch: () => unknown };
  /** The loader's name while the read is pending: "Loading the organization". */
  loading: string;
  /** What failed, as LoadError takes it: "We couldn't load Acme". */
  children: ReactNode;
}

/** A screen's read before it has data: the loader while pending, the error with a retry when it failed. */
export function QueryStatus({ query, loading, children }: QueryStatusProps) {
  return (
    <>
      {query.isPending ? <Loader label={loading} /> : null}
      {query.error ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()}>
          {children}
        </LoadError>
      ) : null}
    </>
  );
}
