import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { testRedisAnswers, testRedisUrl } from "../testing/redis.js";
import type { BoardEvent, BoardEventBus } from "./board-events.js";
import { createRedisBus, REDIS_CHANNEL } from "./event-bus.js";

const url = testRedisUrl;
const reachable = await testRedisAnswers();

const silent = { warn: () => undefined };
const event = (workspaceId: string, issueId: string): BoardEvent => ({
  kind: "ISSUES_CHANGED",
  workspaceId,
  actorId: null,
  clientMutationId: "client-1",
  issueIds: [issueId],
});

async function nextEvent(events: AsyncIterator<BoardEvent>): Promise<BoardEvent> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event within 2s")), 2000));
  const result = await Promise.race([events.next(), timeout]);
  if (result.done) throw new Error("the subscription ended");
  return result.value;
}

describe.skipIf(!reachable)("the Redis event bus", () => {
  const buses: BoardEventBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it("lets two server instances see each other's events, each only for the workspace watched", async () => {
    const workspace = `workspace-${Math.random()}`;
    const a = await createRedisBus(url, silent);
    const b = await createRedisBus(url, silent);
    buses.push(a, b);
    const onA = a.subscribe(workspace);
    const onB = b.subscribe(workspace);
    await a.publish(event("another-workspace", "issue-0"));
    await a.publish(event(workspace, "issue-1"));
    await b.publish(event(workspace, "issue-2"));
    expect(await nextEvent(onB)).toEqual(event(workspace, "issue-1"));
    expect(await nextEvent(onB)).toEqual(event(workspace, "issue-2"));
    expect(await nextEvent(onA)).toEqual(event(workspace, "issue-1"));
    expect(await nextEvent(onA)).toEqual(event(workspace, "issue-2"));
  });

  it("ignores a message on the channel that is not a board event, and keeps delivering", async () => {
    const workspace = `workspace-${Math.random()}`;
    const warnings: string[] = [];
    const bus = await createRedisBus(url, { warn: (_object, message) => warnings.push(message) });
    buses.push(bus);
    const events = bus.subscribe(workspace);
    const intruder = new Redis(url);
    await intruder.publish(REDIS_CHANNEL, JSON.stringify({ kind: "DROP_TABLES", workspaceId: workspace }));
    intruder.disconnect();
    await bus.publish(event(workspace, "issue-1"));
    expect(await nextEvent(events)).toEqual(event(workspace, "issue-1"));
    expect(warnings).toEqual(["unreadable board event from Redis"]);
  });

  it("refuses to start when Redis cannot be reached", async () => {
    await expect(createRedisBus("redis://127.0.0.1:1", silent)).rejects.toThrow(
      "Cannot reach Redis at REDIS_URL for board events",
    );
  });
});
