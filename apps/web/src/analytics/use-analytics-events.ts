import { useInfiniteQuery } from "@tanstack/react-query";
import { useGraphQL } from "../api/use-graphql";

export interface AnalyticsEventRow {
  id: string;
  event: string;
  properties: Record<string, unknown>;
  createdAt: string;
  gantryUser: { email: string | null };
}

interface EventsAnswer {
  analyticsEvents: {
    totalCount: number;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    nodes: AnalyticsEventRow[];
  };
}

const EVENTS = `query AnalyticsEvents($event: String, $after: String) {
  analyticsEvents(event: $event, first: 50, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id event properties createdAt gantryUser { email } }
  }
}`;

/** The analytics event table, newest first, a page of 50 at a time; `event` narrows it to one event name. */
export function useAnalyticsEvents(event: string | null) {
  const request = useGraphQL();
  return useInfiniteQuery({
    queryKey: ["analytics-events", event],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (await request<EventsAnswer>(EVENTS, { event, after: pageParam })).analyticsEvents,
    getNextPageParam: (page) => (page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null),
    // A refusal (not an instance admin) will not change by asking again.
    retry: false,
  });
}
