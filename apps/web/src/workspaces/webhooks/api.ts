import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useGraphQL } from "../../api/use-graphql";

/** A workspace's outbound webhooks and their delivery logs, for its admins (docs/api/webhooks.md). */

export const WEBHOOK_EVENTS = ["ISSUE_TRANSFER", "ESTIMATE_SET", "ESTIMATE_CLEARED", "ISSUE_REPRIORITIZED"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const EVENT_NAMES: Record<WebhookEvent, { name: string; hint: string }> = {
  ISSUE_TRANSFER: { name: "issue_transfer", hint: "An issue moves to another pipeline" },
  ESTIMATE_SET: { name: "estimate_set", hint: "An issue's estimate is set or changed" },
  ESTIMATE_CLEARED: { name: "estimate_cleared", hint: "An issue's estimate is removed" },
  ISSUE_REPRIORITIZED: { name: "issue_reprioritized", hint: "An issue moves up or down within its pipeline" },
};

export type DeliveryStatus = "PENDING" | "RETRYING" | "SUCCEEDED" | "FAILED";

export interface WebhookDelivery {
  id: string;
  deliveryId: string;
  event: WebhookEvent;
  status: DeliveryStatus;
  attempts: number;
  responseStatus: number | null;
  durationMs: number | null;
  requestBody: string;
  responseExcerpt: string | null;
  redelivery: boolean;
  createdAt: string;
}

export interface OutboundWebhook {
  id: string;
  url: string;
  secretHint: string;
  events: WebhookEvent[];
  createdAt: string;
  deliveries: WebhookDelivery[];
}

const DELIVERY =
  "id deliveryId event status attempts responseStatus durationMs requestBody responseExcerpt redelivery createdAt";
const WEBHOOKS = `query workspaceOutboundWebhooks($id: ID!) {
  workspace(id: $id) { outboundWebhooks { id url secretHint events createdAt deliveries(first: 20) { ${DELIVERY} } } }
}`;
const CREATE = `mutation createOutboundWebhook($input: CreateOutboundWebhookInput!) {
  createOutboundWebhook(input: $input) { outboundWebhook { id } }
}`;
const DELETE = `mutation deleteOutboundWebhook($input: DeleteOutboundWebhookInput!) {
  deleteOutboundWebhook(input: $input) { outboundWebhook { id } }
}`;
const REDELIVER = `mutation redeliverOutboundWebhookDelivery($input: RedeliverOutboundWebhookDeliveryInput!) {
  redeliverOutboundWebhookDelivery(input: $input) { delivery { id } }
}`;

const webhooksKey = (workspaceId: string) => ["workspace-webhooks", workspaceId] as const;

/** The webhooks with their latest deliveries; read again every few seconds while a delivery is still under way. */
export function useOutboundWebhooks(workspaceId: string) {
  const request = useGraphQL();
  return useQuery({
    queryKey: webhooksKey(workspaceId),
    queryFn: async () =>
      (await request<{ workspace: { outboundWebhooks: OutboundWebhook[] } }>(WEBHOOKS, { id: workspaceId })).workspace
        .outboundWebhooks,
    refetchInterval: (query) =>
      query.state.data?.some((hook) =>
        hook.deliveries.some((delivery) => delivery.status === "PENDING" || delivery.status === "RETRYING"),
      )
        ? 5000
        : false,
  });
}

/** Adds, deletes and redelivers; each refusal rejects with the server's message, and the list is read again after. */
export function useWebhooksApi(workspaceId: string) {
  const request = useGraphQL();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey(workspaceId) });
    return {
      create: async (input: { url: string; secret: string; events: WebhookEvent[] }) => {
        await request(CREATE, { input: { workspaceId, ...input } });
        await refresh();
      },
      remove: async (outboundWebhookId: string) => {
        await request(DELETE, { input: { outboundWebhookId } });
        await refresh();
      },
      redeliver: async (deliveryId: string) => {
        await request(REDELIVER, { input: { deliveryId } });
        await refresh();
      },
    };
  }, [request, queryClient, workspaceId]);
}
