import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type GraphQLCall, renderWithGraphQL } from "../../test/render-with-graphql";
import type { OutboundWebhook, WebhookDelivery } from "./api";
import { WebhooksSettings } from "./WebhooksSettings";

type Input = Record<string, unknown>;

const delivery = (overrides: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: "d1",
  deliveryId: "0f5c7a1e-1111-4a4a-9b9b-000000000001",
  event: "ISSUE_TRANSFER",
  status: "FAILED",
  attempts: 3,
  responseStatus: 500,
  durationMs: 42,
  requestBody: '{"type":"issue_transfer","to_pipeline_name":"Done"}',
  responseExcerpt: "receiver is down",
  redelivery: false,
  createdAt: "2026-11-23T10:00:00.000Z",
  ...overrides,
});

/** The workspace's webhooks in memory, answering as the server would, refusing a private address. */
function fakeServer(initial: OutboundWebhook[]) {
  let webhooks = initial;
  return (call: GraphQLCall) => {
    const input = (call.variables.input ?? {}) as Input;
    switch (call.operation) {
      case "workspaceOutboundWebhooks":
        return { data: { workspace: { outboundWebhooks: webhooks } } };
      case "createOutboundWebhook": {
        if (String(input.url).includes("10.0.0.1"))
          return {
            errors: [
              {
                message:
                  "10.0.0.1 is a loopback, link-local or private address, which webhooks may not reach on this install.",
                extensions: { code: "BAD_USER_INPUT", field: "url" },
              },
            ],
          };
        const webhook: OutboundWebhook = {
          id: `w${webhooks.length + 1}`,
          url: String(input.url),
          secretHint: `••••${String(input.secret).slice(-4)}`,
          events: input.events as OutboundWebhook["events"],
          createdAt: "2026-11-23T11:00:00.000Z",
          deliveries: [],
        };
        webhooks = [...webhooks, webhook];
        return { data: { createOutboundWebhook: { outboundWebhook: { id: webhook.id } } } };
      }
      case "deleteOutboundWebhook":
        webhooks = webhooks.filter((webhook) => webhook.id !== input.outboundWebhookId);
        return { data: { deleteOutboundWebhook: { outboundWebhook: { id: input.outboundWebhookId } } } };
      case "redeliverOutboundWebhookDelivery":
        webhooks = webhooks.map((webhook) => ({
          ...webhook,
          deliveries: [
            delivery({ id: "d2", status: "SUCCEEDED", attempts: 1, responseStatus: 200, redelivery: true }),
            ...webhook.deliveries,
          ],
        }));
        return { data: { redeliverOutboundWebhookDelivery: { delivery: { id: "d2" } } } };
      default:
        return { errors: [{ message: `unexpected ${call.operation}` }] };
    }
  };
}

const existing: OutboundWebhook = {
  id: "w1",
  url: "https://hooks.example.com/gantry",
  secretHint: "••••abcd",
  events: ["ISSUE_TRANSFER", "ESTIMATE_SET"],
  createdAt: "2026-11-22T09:00:00.000Z",
  deliveries: [delivery({})],
};

const render = (webhooks: OutboundWebhook[]) =>
  renderWithGraphQL(<WebhooksSettings workspaceId="ws1" />, { path: "/workspaces/ws1", graphql: fakeServer(webhooks) });
const callsOf = (calls: GraphQLCall[], operation: string) => calls.filter((call) => call.operation === operation);

describe("workspace webhooks settings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says there are none, checks the form before sending, and adds a webhook with its chosen events", async () => {
    const user = userEvent.setup();
    const { calls } = render([]);
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Add webhook" });

    await user.type(within(form).getByLabelText("Payload URL"), "hooks.example.com");
    await user.click(within(form).getByRole("button", { name: "Add webhook" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("starting with https:// or http://");
    await user.clear(within(form).getByLabelText("Payload URL"));
    await user.type(within(form).getByLabelText("Payload URL"), "https://hooks.example.com/in");
    await user.type(within(form).getByLabelText("Secret"), "short");
    await user.click(within(form).getByRole("button", { name: "Add webhook" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("The secret must be 8 to 256 characters long.");
    expect(callsOf(calls, "createOutboundWebhook")).toHaveLength(0);

    await user.type(within(form).getByLabelText("Secret"), "-and-long-now");
    await user.click(within(form).getByRole("checkbox", { name: /estimate_cleared/ }));
    await user.click(within(form).getByRole("button", { name: "Add webhook" }));
    const list = await screen.findByRole("list", { name: "Webhooks" });
    expect(within(list).getByText("https://hooks.example.com/in")).toBeInTheDocument();
    expect(within(list).getByText("issue_transfer, estimate_cleared · secret ••••-now")).toBeInTheDocument();
    expect(callsOf(calls, "createOutboundWebhook")[0]?.variables).toEqual({
      input: {
        workspaceId: "ws1",
        url: "https://hooks.example.com/in",
        secret: "short-and-long-now",
        events: ["ISSUE_TRANSFER", "ESTIMATE_CLEARED"],
      },
    });
    expect(within(form).getByLabelText("Secret")).toHaveValue("");
  });

  it("shows the server's refusal of a private address", async () => {
    const user = userEvent.setup();
    render([]);
    const form = await screen.findByRole("form", { name: "Add webhook" });
    await user.type(within(form).getByLabelText("Payload URL"), "http://10.0.0.1/hook");
    await user.type(within(form).getByLabelText("Secret"), "long-enough-secret");
    await user.click(within(form).getByRole("button", { name: "Add webhook" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "10.0.0.1 is a loopback, link-local or private address, which webhooks may not reach on this install.",
    );
  });

  it("opens a webhook's delivery log, redelivers a failed delivery, and deletes the webhook after confirming", async () => {
    const user = userEvent.setup();
    const { calls } = render([existing]);
    const toggle = await screen.findByRole("button", { name: "Deliveries (1)" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    const log = screen.getByRole("list", { name: "Deliveries to https://hooks.example.com/gantry, newest first" });
    expect(within(log).getByText("Failed")).toBeInTheDocument();
    expect(within(log).getByText(/HTTP 500 · 42 ms · attempt 3/)).toBeInTheDocument();

    await user.click(within(log).getByRole("button", { name: `Redeliver ${existing.deliveries[0]?.deliveryId}` }));
    expect(callsOf(calls, "redeliverOutboundWebhookDelivery")[0]?.variables).toEqual({ input: { deliveryId: "d1" } });
    expect(await within(log).findByText("Delivered")).toBeInTheDocument();
    expect(within(log).getByText(/HTTP 200 · 42 ms · attempt 1 · redelivery/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Delete webhook https://hooks.example.com/gantry" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete this webhook?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete webhook" }));
    expect(await screen.findByText("No webhooks yet.")).toBeInTheDocument();
    expect(callsOf(calls, "deleteOutboundWebhook")[0]?.variables).toEqual({ input: { outboundWebhookId: "w1" } });
  });
});
