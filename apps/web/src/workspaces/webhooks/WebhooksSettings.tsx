import { TrashIcon } from "@primer/octicons-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { ConfirmDeletion } from "../../ui/dialog/ConfirmDeletion";
import { EmptyState } from "../../ui/EmptyState";
import { FormError } from "../../ui/FormError";
import { FormRow } from "../../ui/FormRow";
import form from "../../ui/form.module.css";
import { IconButton } from "../../ui/IconButton";
import list from "../../ui/list.module.css";
import { SettingsSection } from "../../ui/SettingsSection";
import { StatusLabel, type StatusTone } from "../../ui/StatusLabel";
import { stack } from "../../ui/stack";
import { ActionError } from "../fields/ActionError";
import { useAction } from "../fields/use-action";
import {
  type DeliveryStatus,
  EVENT_NAMES,
  type OutboundWebhook,
  useOutboundWebhooks,
  useWebhooksApi,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEvent,
} from "./api";
import styles from "./WebhooksSettings.module.css";

const STATUS_NAMES: Record<DeliveryStatus, string> = {
  PENDING: "Pending",
  RETRYING: "Retrying",
  SUCCEEDED: "Delivered",
  FAILED: "Failed",
};

const STATUS_TONES: Record<DeliveryStatus, StatusTone> = {
  PENDING: "attention",
  RETRYING: "attention",
  SUCCEEDED: "success",
  FAILED: "danger",
};

/** The checks the server makes first, so a slip is shown before anything is sent. */
function formProblem(url: string, secret: string, events: WebhookEvent[]): string | null {
  if (!/^https?:\/\/\S+$/i.test(url.trim()))
    return "Enter the full address of the receiver, starting with https:// or http://.";
  if (secret.length < 8 || secret.length > 256) return "The secret must be 8 to 256 characters long.";
  if (events.length === 0) return "Choose at least one event to send.";
  return null;
}

function AddWebhookForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (input: { url: string; secret: string; events: WebhookEvent[] }) => Promise<boolean>;
}) {
  const [url, setUrl] = useState("");
  const [secret, setSecret] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["ISSUE_TRANSFER"]);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = formProblem(url, secret, events);
    setProblem(message);
    if (!message && (await onSubmit({ url: url.trim(), secret, events }))) {
      setUrl("");
      setSecret("");
    }
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((chosen) => WEBHOOK_EVENTS.filter((name) => (name === event ? on : chosen.includes(name))));
  return (
    <form className={form.form} aria-label="Add webhook" onSubmit={submit} noValidate>
      <FormRow label="Payload URL">
        {(control) => (
          <input
            {...control}
            className={form.input}
            type="url"
            inputMode="url"
            placeholder="https://example.com/gantry-hook"
            value={url}
            aria-invalid={problem?.includes("address") ? true : undefined}
            onChange={(event) => {
              setProblem(null);
              setUrl(event.target.value);
            }}
          />
        )}
      </FormRow>
      <FormRow
        label="Secret"
        help="8 to 256 characters. Each delivery is signed with it (X-Gantry-Signature-256); it is not shown again."
      >
        {(control) => (
          <input
            {...control}
            className={form.input}
            type="password"
            autoComplete="new-password"
            value={secret}
            aria-invalid={problem?.includes("secret") ? true : undefined}
            onChange={(event) => {
              setProblem(null);
              setSecret(event.target.value);
            }}
          />
        )}
      </FormRow>
      <fieldset className={`${form.choices} ${styles.events}`}>
        <legend className={form.label}>Events</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className={form.checkbox}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            <span>
              <code>{EVENT_NAMES[event].name}</code>
              <span className={form.hint}>{EVENT_NAMES[event].hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={pending}>
          Add webhook
        </Button>
      </div>
      <FormError>{problem}</FormError>
    </form>
  );
}

/** The body as sent is one line of JSON; indented, it can be read in the narrow settings panel. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function DeliveryRow({
  delivery,
  pending,
  onRedeliver,
}: {
  delivery: WebhookDelivery;
  pending: boolean;
  onRedeliver: () => void;
}) {
  const answer = delivery.responseStatus === null ? "no answer" : `HTTP ${delivery.responseStatus}`;
  return (
    <li className={styles.delivery}>
      <div className={`${stack({ wrap: true, align: "center" })} ${styles.deliveryLine}`}>
        <StatusLabel tone={STATUS_TONES[delivery.status]}>{STATUS_NAMES[delivery.status]}</StatusLabel>
        <code>{EVENT_NAMES[delivery.event].name}</code>
        <span className={list.meta}>
          {delivery.attempts > 0
            ? `${answer} · ${delivery.durationMs ?? 0} ms · attempt ${delivery.attempts}`
            : "not sent yet"}
          {delivery.redelivery ? " · redelivery" : ""} · {new Date(delivery.createdAt).toLocaleString()}
        </span>
        <Button onClick={onRedeliver} disabled={pending} aria-label={`Redeliver ${delivery.deliveryId}`}>
          Redeliver
        </Button>
      </div>
      <details className={styles.details}>
        <summary>Request and response</summary>
        <p className={list.meta}>Delivery {delivery.deliveryId}</p>
        <p className={styles.excerptTitle}>Sent</p>
        <pre className={styles.excerpt}>{readable(delivery.requestBody)}</pre>
        {delivery.responseExcerpt ? (
          <>
            <p className={styles.excerptTitle}>Answer</p>
            <pre className={styles.excerpt}>{delivery.responseExcerpt}</pre>
          </>
        ) : null}
      </details>
    </li>
  );
}

function WebhookRow({
  webhook,
  pending,
  onDelete,
  onRedeliver,
}: {
  webhook: OutboundWebhook;
  pending: boolean;
  onDelete: () => void;
  onRedeliver: (deliveryId: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const logId = useId();
  return (
    <li className={styles.webhook}>
      <div className={list.row}>
        <span className={list.rowMain}>
          <span className={`${list.name} ${styles.url}`}>{webhook.url}</span>
          <span className={list.meta}>
            {webhook.events.map((event) => EVENT_NAMES[event].name).join(", ")} · secret {webhook.secretHint}
          </span>
        </span>
        <span className={list.rowActions}>
          <Button aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
            {open ? "Hide deliveries" : `Deliveries (${webhook.deliveries.length})`}
          </Button>
          <IconButton
            label={`Delete webhook ${webhook.url}`}
            icon={<TrashIcon aria-hidden />}
            disabled={pending}
            onClick={onDelete}
          />
        </span>
      </div>
      {open ? (
        <div id={logId}>
          {webhook.deliveries.length === 0 ? (
            <EmptyState>No deliveries yet. They appear here when a chosen event happens.</EmptyState>
          ) : (
            <ul className={styles.deliveries} aria-label={`Deliveries to ${webhook.url}, newest first`}>
              {webhook.deliveries.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  pending={pending}
                  onRedeliver={() => onRedeliver(delivery.id)}
                />
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Outbound webhooks: where Gantry posts signed events from this workspace, and what each delivery got back. */
export function WebhooksSettings({ workspaceId }: { workspaceId: string }) {
  const webhooks = useOutboundWebhooks(workspaceId);
  const api = useWebhooksApi(workspaceId);
  const action = useAction();
  const [deleting, setDeleting] = useState<OutboundWebhook | null>(null);
  const hooks = webhooks.data ?? [];
  return (
    <SettingsSection
      title="Webhooks"
      description="Gantry posts a signed JSON payload to each address when one of its events happens on this board, and retries failed deliveries with backoff."
      query={webhooks}
      loading="Loading webhooks"
      empty="No webhooks yet."
    >
      <FormError>{webhooks.error && `The webhooks could not be loaded: ${webhooks.error.message}`}</FormError>
      {hooks.length > 0 ? (
        <ul className={list.list} aria-label="Webhooks">
          {hooks.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              pending={action.pending}
              onDelete={() => setDeleting(webhook)}
              onRedeliver={(deliveryId) => void action.run(() => api.redeliver(deliveryId))}
            />
          ))}
        </ul>
      ) : null}
      <AddWebhookForm pending={action.pending} onSubmit={(input) => action.run(() => api.create(input))} />
      <ActionError message={action.error} />
      <ConfirmDeletion
        item={deleting}
        title={() => "Delete this webhook?"}
        body={(webhook) =>
          `Nothing more is sent to ${webhook.url}, and its delivery log is deleted. This cannot be undone.`
        }
        confirmText="Delete webhook"
        onClose={() => setDeleting(null)}
        onDelete={(webhook) => void action.run(() => api.remove(webhook.id))}
      />
    </SettingsSection>
  );
}
