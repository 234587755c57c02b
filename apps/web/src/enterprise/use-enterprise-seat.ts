import { useEffect } from "react";
import { useAuth } from "../accounts/auth-context";
import { useGraphQLMutation } from "../api/use-graphql-mutation";
import { useRuntimeConfig } from "../app/runtime-config";
import { useViewerSeat } from "./api";

const TRACK_USAGE = "mutation trackEnterpriseSeatUsage { trackEnterpriseSeatUsage(input: {}) { day } }";

/** The key under which the last reported day is kept, per person, so one browser reports each person once a day. */
export const usageReportKey = (userId: string) => `gantry.enterpriseSeatUsage.${userId}`;

/**
 * Enterprise edition only: the viewer's seat, kept once it has an id (SPEC §4), from the user-info
 * load and then the viewer query; and the usage-tracking mutation, sent only when authorised —
 * signed in, holding a seat — and at most once a day.
 */
export function useEnterpriseSeat(storage: Storage = window.localStorage): { id: string } | null {
  const { edition } = useRuntimeConfig();
  const { state } = useAuth();
  const signedIn = state.status === "signed-in";
  const userId = signedIn ? state.info.user.zh.raptorId : null;
  const loaded = signedIn && edition === "enterprise" ? state.info.enterpriseSeat : null;
  const fetched = useViewerSeat(signedIn).data?.enterpriseSeat ?? null;
  const seat = fetched?.id ? fetched : loaded?.id ? loaded : null;
  const { mutate: track } = useGraphQLMutation<{ trackEnterpriseSeatUsage: { day: string } }, Record<string, never>>(
    TRACK_USAGE,
  );

  const seatId = seat?.id ?? null;
  useEffect(() => {
    if (!seatId || !userId) return;
    const today = new Date().toISOString().slice(0, 10);
    if (storage.getItem(usageReportKey(userId)) === today) return;
    track(
      {},
      {
        onSuccess: ({ trackEnterpriseSeatUsage }) =>
          storage.setItem(usageReportKey(userId), trackEnterpriseSeatUsage.day),
      },
    );
  }, [seatId, userId, storage, track]);

  return seat;
}
