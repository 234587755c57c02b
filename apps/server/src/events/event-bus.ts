import { Redis } from "ioredis";
import { type BoardEvent, type BoardEventBus, boardEventSchema, type EventBusLog } from "./board-events.js";
import { LocalFanOut } from "./fan-out.js";

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Every instance subscribes to this one channel; each filters by workspace locally. */
export const REDIS_CHANNEL = "gantry:board-events";

/** One server instance: events go straight to its own subscribers. */
export function createInProcessBus(): BoardEventBus {
  const fanOut = new LocalFanOut();
  return {
    publish: async (event) => fanOut.deliver(event),
    subscribe: (workspaceId) => fanOut.subscribe(workspaceId),
    close: async () => fanOut.close(),
  };
}

/**
 * Several instances behind a load balancer: events go through Redis pub/sub, and each
 * instance (the publisher too) delivers what arrives to its own subscribers, so every
 * board sees events in the order Redis relays them. Resolves once subscribed.
 */
export async function createRedisBus(url: string, log: EventBusLog): Promise<BoardEventBus> {
  const fanOut = new LocalFanOut();
  // Commands wait out a short Redis restart, then fail instead of queueing for ever.
  const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const client of [publisher, subscriber]) {
    client.on("error", (error: Error) => log.warn({ err: error.message }, "Redis connection for board events failed"));
  }
  subscriber.on("message", (_channel: string, message: string) => {
    let event: BoardEvent;
    try {
      event = boardEventSchema.parse(JSON.parse(message));
    } catch (error) {
      log.warn({ err: messageOf(error) }, "unreadable board event from Redis");
      return;
    }
    fanOut.deliver(event);
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(REDIS_CHANNEL);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL for board events: ${messageOf(error)}`);
  }

  return {
    publish: async (event) => {
      try {
        await publisher.publish(REDIS_CHANNEL, JSON.stringify(event));
      } catch (error) {
        log.warn({ err: messageOf(error), kind: event.kind }, "a board event could not be published");
      }
    },
    subscribe: (workspaceId) => fanOut.subscribe(workspaceId),
    close: async () => {
      fanOut.close();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/** Redis pub/sub when REDIS_URL is set, in-process otherwise. */
export function createEventBus(redisUrl: string | undefined, log: EventBusLog): Promise<BoardEventBus> {
  return redisUrl ? createRedisBus(redisUrl, log) : Promise.resolve(createInProcessBus());
}
