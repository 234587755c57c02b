const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** The sandbox only calls back into the machine it runs on, so it cannot be turned against other hosts. */
export function isLoopbackUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && loopbackHosts.has(url.hostname);
  } catch {
    return false;
  }
}
