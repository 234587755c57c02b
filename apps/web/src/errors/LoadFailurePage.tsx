import { useState } from "react";
import { type DiagnosticResult, runDiagnostics } from "../app/connectivity";
import { useRuntimeConfig } from "../app/runtime-config";
import { Button } from "../ui/Button";
import { ErrorPage } from "./ErrorPage";
import styles from "./ErrorPage.module.css";
import { DisconnectedPicture } from "./pictures";

type Troubleshooting = { state: "idle" } | { state: "running" } | { state: "done"; results: DiagnosticResult[] };

/** Shown when the app fails to load (SPEC §2, "{product} cannot be loaded"). */
export function LoadFailurePage({ diagnose }: { diagnose?: () => Promise<DiagnosticResult[]> }) {
  const { productName, edition, troubleshootingUrl, statusFeedUrl } = useRuntimeConfig();
  const [troubleshooting, setTroubleshooting] = useState<Troubleshooting>({ state: "idle" });
  const title = `${productName} cannot be loaded`;

  const troubleshoot = async () => {
    setTroubleshooting({ state: "running" });
    setTroubleshooting({ state: "done", results: await (diagnose ?? (() => runDiagnostics(productName)))() });
  };
  const allPassed = troubleshooting.state === "done" && troubleshooting.results.every((result) => result.ok);

  return (
    <ErrorPage picture={<DisconnectedPicture />} title={title} supportSubject={title}>
      <p className={styles.text}>This usually means one of these:</p>
      <ul className={styles.list}>
        <li>You may be disconnected from the internet.</li>
        <li>A firewall or proxy may be blocking {productName}.</li>
        <li>Your browser may be unable to connect to {productName}.</li>
      </ul>
      <ul className={styles.list}>
        <li>
          <a href={troubleshootingUrl} target="_blank" rel="noreferrer">
            Read the troubleshooting guide
          </a>
        </li>
        {edition === "cloud" ? (
          <li>
            <a href={statusFeedUrl} target="_blank" rel="noreferrer">
              Check the {productName} status feed
            </a>
          </li>
        ) : null}
      </ul>
      <div className={styles.actions}>
        <Button variant="primary" onClick={troubleshoot} disabled={troubleshooting.state === "running"}>
          Troubleshoot
        </Button>
        {allPassed ? <Button onClick={() => window.location.reload()}>Reload</Button> : null}
      </div>
      {troubleshooting.state === "running" ? <p className={styles.text}>Checking your connection…</p> : null}
      {troubleshooting.state === "done" ? (
        <ul className={styles.list} aria-label="Troubleshooting results">
          {troubleshooting.results.map((result) => (
            <li key={result.label}>
              {result.ok ? "✓" : "✗"} {result.label}
              {result.ok ? "" : ": no answer"}
            </li>
          ))}
        </ul>
      ) : null}
    </ErrorPage>
  );
}
