import { afterEach, describe, expect, it } from "vitest";
import type { BoardEvent, BoardEventBus } from "./board-events.js";
import { createInProcessBus } from "./event-bus.js";
import { MAX_BEHIND, SubscriberTooSlowError } from "./fan-out.js";

const moved = (workspaceId: string, issueId: string): BoardEvent => ({
  kind: "ISSUES_MOVED",
  workspaceId,
  actorId: "user-1",
  clientMutationId: null,
  issueIds: [issueId],
  fromPipelineId: "pipeline-a",
  toPipelineId: "pipeline-b",
});

/** The next event of a subscription, or a failure after a second. */
async function nextEvent(events: AsyncIterator<BoardEvent>): Promise<BoardEvent> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event within 1s")), 1000));
  const result = await Promise.race([events.next(), timeout]);
  if (result.done) throw new Error("the subscription ended");
  return result.value;
}

describe("the in-process event bus", () => {
  let bus: BoardEventBus;
  afterEach(async () => bus.close());

  it("delivers a workspace's events, in order, only to that workspace's subscribers", async () => {
    bus = createInProcessBus();
    const first = bus.subscribe("workspace-1");
    const other = bus.subscribe("workspace-2");
    await bus.publish(moved("workspace-1", "issue-1"));
    await bus.publish(moved("workspace-1", "issue-2"));
    await bus.publish(moved("workspace-2", "issue-3"));
    expect(await nextEvent(first)).toMatchObject({ issueIds: ["issue-1"] });
    expect(await nextEvent(first)).toMatchObject({ issueIds: ["issue-2"] });
    expect(await nextEvent(other)).toMatchObject({ workspaceId: "workspace-2", issueIds: ["issue-3"] });
  });

  it("stops delivering to a subscriber that left, and ends every subscription on close", async () => {
    bus = createInProcessBus();
    const leaving = bus.subscribe("workspace-1");
    const staying = bus.subscribe("workspace-1");
    await leaving.return?.();
    await bus.publish(moved("workspace-1", "issue-1"));
    expect(await leaving.next()).toEqual({ done: true, value: undefined });
    expect(await nextEvent(staying)).toMatchObject({ issueIds: ["issue-1"] });
    const pending = staying.next();
    await bus.close();
    expect(await pending).toEqual({ done: true, value: undefined });
  });

  it("ends a subscriber that falls too far behind with an error, rather than skipping events", async () => {
    bus = createInProcessBus();
    const slow = bus.subscribe("workspace-1");
    for (let index = 0; index <= MAX_BEHIND; index++) await bus.publish(moved("workspace-1", `issue-${index}`));
    await expect(slow.next()).rejects.toThrow(SubscriberTooSlowError);
    expect(await slow.next()).toEqual({ done: true, value: undefined });
  });
});
