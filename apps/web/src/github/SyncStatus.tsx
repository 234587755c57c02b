import { formatRelativeDate } from "@gantry/domain";
import { AlertIcon, CheckCircleIcon } from "@primer/octicons-react";
import styles from "./WorkspaceRepositories.module.css";
import type { RepositorySync } from "./workspace-repositories-api";

/** A date as "5 minutes ago", with the exact time on hover and for screen readers' time element. */
function When({ at }: { at: string }) {
  const date = new Date(at);
  return (
    <time dateTime={at} title={date.toLocaleString()}>
      {formatRelativeDate(date)}
    </time>
  );
}

const LAG_UNITS = [
  { unit: "d", ms: 86_400_000 },
  { unit: "h", ms: 3_600_000 },
  { unit: "min", ms: 60_000 },
  { unit: "s", ms: 1_000 },
];

/** A delivery's lag in the largest unit it fills: "850 ms", "2.4 s", "3.0 min", "41.2 d". */
export function formatLag(lagMs: number): string {
  const fits = LAG_UNITS.find(({ ms }) => lagMs >= ms);
  return fits ? `${(lagMs / fits.ms).toFixed(1)} ${fits.unit}` : `${Math.round(lagMs)} ms`;
}

/** Sync you can see: whether GitHub's hook is there, when it last spoke and how late, the last reconciliation and error. */
export function SyncStatus({ sync }: { sync: RepositorySync }) {
  return (
    <dl className={styles.sync}>
      <div>
        <dt>Webhook</dt>
        <dd>
          {sync.archived ? (
            <span className={styles.warning}>
              <AlertIcon aria-hidden /> Archived on GitHub: read-only there, so Gantry cannot write changes back
            </span>
          ) : sync.webhookInstalled ? (
            <span className={styles.ok}>
              <CheckCircleIcon aria-hidden /> Installed
            </span>
          ) : (
            <span className={styles.warning}>
              <AlertIcon aria-hidden /> Not installed
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt>Last delivery</dt>
        <dd>
          {sync.lastDeliveryAt ? (
            <>
              <When at={sync.lastDeliveryAt} />
              {sync.lastDeliveryLagMs !== null
                ? ` (arrived ${formatLag(sync.lastDeliveryLagMs)} after the change)`
                : null}
            </>
          ) : (
            "None yet"
          )}
        </dd>
      </div>
      <div>
        <dt>Last reconciliation</dt>
        <dd>{sync.lastReconciledAt ? <When at={sync.lastReconciledAt} /> : "Not yet"}</dd>
      </div>
      <div>
        <dt>GitHub rate limit</dt>
        <dd>
          {sync.rateLimit ? (
            <span className={sync.rateLimit.remaining < sync.rateLimit.limit / 10 ? styles.warning : undefined}>
              {sync.rateLimit.remaining.toLocaleString()} of {sync.rateLimit.limit.toLocaleString()} left, renews{" "}
              <When at={sync.rateLimit.resetAt} />
            </span>
          ) : (
            "Not measured yet"
          )}
        </dd>
      </div>
      <div>
        <dt>Last error</dt>
        <dd>
          {sync.lastError ? (
            <span className={styles.danger}>
              {sync.lastError}
              {sync.lastErrorAt ? (
                <>
                  {" "}
                  (<When at={sync.lastErrorAt} />)
                </>
              ) : null}
            </span>
          ) : (
            "None"
          )}
        </dd>
      </div>
    </dl>
  );
}
