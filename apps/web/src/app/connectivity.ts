/** SPEC §9: the connectivity fetch gives up after 5 s. */
export const CONNECTIVITY_TIMEOUT_MS = 5_000;

export interface ServerVersion {
  version: string;
  buildId: string;
}

/**
 * GET /version.json?t={timestamp}: the web app's connectivity check. The timestamp
 * defeats every cache between the page and the server. Rejects when the server does
 * not answer in time or answers an error.
 */
export async function fetchServerVersion(
  fetchImpl: typeof fetch = fetch,
  now: () => number = Date.now,
  timeoutMs = CONNECTIVITY_TIMEOUT_MS,
): Promise<ServerVersion> {
  const response = await fetchImpl(`/version.json?t=${now()}`, {
    cache: "no-store",
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`version check answered ${response.status}`);
  return (await response.json()) as ServerVersion;
}

export interface DiagnosticResult {
  label: string;
  ok: boolean;
}

/** The load-failure page's "Troubleshoot": which of the server's checks answer. */
export async function runDiagnostics(
  productName: string,
  fetchImpl: typeof fetch = fetch,
): Promise<DiagnosticResult[]> {
  const probe = async (label: string, url: string): Promise<DiagnosticResult> => {
    try {
      const response = await fetchImpl(url, {
        cache: "no-store",
        signal: AbortSignal.timeout(CONNECTIVITY_TIMEOUT_MS),
      });
      return { label, ok: response.ok };
    } catch {
      return { label, ok: false };
    }
  };
  return Promise.all([
    probe(`The ${productName} server answers`, "/ping"),
    probe("The app's version can be read", `/version.json?t=${Date.now()}`),
  ]);
}
