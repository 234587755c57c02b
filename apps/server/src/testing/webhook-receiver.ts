import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on loopback for tests: it records every request and answers each path with
 * the statuses it was told, in turn (then 200). `next(path)` waits for that path's next request, so
 * tests wait for what they expect rather than for time to pass.
 */
export async function startReceiver() {
  const received: ReceivedDelivery[] = [];
  const taken = new Map<string, number>();
  const waiters: { path: string; index: number; resolve: (delivery: ReceivedDelivery) => void }[] = [];
  const scripted = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      const delivery = { path, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(delivery);
      const status = scripted.get(path)?.shift() ?? 200;
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "thanks" : "receiver is down");
      const ofPath = received.filter((entry) => entry.path === path);
      for (const waiter of waiters.filter((w) => w.path === path && w.index < ofPath.length)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(ofPath[waiter.index] as ReceivedDelivery);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** The next status codes this path answers, before it answers 200 again. */
    answer: (path: string, statuses: number[]) => scripted.set(path, [...statuses]),
    /** The path's next request not yet taken by an earlier `next`. */
    next: (path: string) => {
      const index = taken.get(path) ?? 0;
      taken.set(path, index + 1);
      const ofPath = received.filter((entry) => entry.path === path);
      const ready = ofPath[index];
      if (ready) return Promise.resolve(ready);
      return new Promise<ReceivedDelivery>((resolve) => waiters.push({ path, index, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
