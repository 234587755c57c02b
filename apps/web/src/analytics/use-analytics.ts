import { useCallback, useMemo } from "react";
import { useGraphQL } from "../api/use-graphql";

type Properties = Record<string, string | number | boolean | null>;

const TRACK = `mutation AnalyticsTrackEvent($event: String!, $properties: JSON) {
  analyticsTrackEvent(input: { event: $event, properties: $properties }) { success }
}`;
const INCREMENT = `mutation AnalyticsIncrementUserProperties($properties: JSON!) {
  analyticsIncrementUserProperties(input: { properties: $properties }) { success }
}`;

/**
 * Product analytics, stored by our own server. Sending is fire-and-forget: a lost event is not
 * worth interrupting anyone, so failures are dropped without a toast.
 */
export function useAnalytics() {
  const request = useGraphQL();
  const send = useCallback(
    (query: string, variables: Record<string, unknown>) => {
      request(query, variables).catch(() => undefined);
    },
    [request],
  );
  return useMemo(
    () => ({
      track: (event: string, properties?: Properties) => send(TRACK, { event, properties }),
      increment: (properties: Record<string, number>) => send(INCREMENT, { properties }),
    }),
    [send],
  );
}
