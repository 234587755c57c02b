import { TrashIcon } from "@primer/octicons-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import form from "../../ui/form.module.css";
import { Loader } from "../../ui/Loader";
import fieldStyles from "../fields/FieldSettings.module.css";
import { ActionError, RowButton } from "../fields/RowButton";
import { useAction } from "../fields/use-action";
import pageStyles from "../WorkspacePage.module.css";
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
  const hintId = useId();
  const secretId = useId();
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
    <form className={styles.form} aria-label="Add webhook" onSubmit={submit} noValidate>
      <label className={form.field}>
        <span className={form.label}>Payload URL</span>
        <input
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
      </label>
      <div className={form.field}>
        <label className={form.label} htmlFor={secretId}>
          Secret
        </label>
        <input
          id={secretId}
          className={form.input}
          type="password"
          autoComplete="new-password"
          value={secret}
          aria-describedby={hintId}
          aria-invalid={problem?.includes("secret") ? true : undefined}
          onChange={(event) => {
            setProblem(null);
            setSecret(event.target.value);
          }}
        />
        <span id={hintId} className={form.hint}>
          8 to 256 characters. Each delivery is signed with it (X-Gantry-Signature-256); it is not shown again.
        </span>
      </div>
      <fieldset className={styles.events}>
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
      {problem ? (
        <p className={form.error} role="alert">
          {problem}
        </p>
      ) : null}
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
      <div className={styles.deliveryLine}>
        <span className={styles.status} data-status={delivery.status}>
          {STATUS_NAMES[delivery.status]}
        </span>
        <code>{EVENT_NAMES[delivery.event].name}</code>
        <span className={fieldStyles.meta}>
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
        <p className={fieldStyles.meta}>Delivery {delivery.deliveryId}</p>
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
      <div className={fieldStyles.row}>
        <span className={fieldStyles.rowMain}>
          <span className={`${fieldStyles.name} ${styles.url}`}>{webhook.url}</span>
          <span className={fieldStyles.meta}>
            {webhook.events.map((event) => EVENT_NAMES[event].name).join(", ")} · secret {webhook.secretHint}
          </span>
        </span>
        <span className={fieldStyles.rowActions}>
          <Button aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
            {open ? "Hide deliveries" : `Deliveries (${webhook.deliveries.length})`}
          </Button>
          <RowButton
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
            <p className={fieldStyles.empty}>No deliveries yet. They appear here when a chosen event happens.</p>
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
  const list = webhooks.data ?? [];
  return (
    <section className={pageStyles.settingsSection} aria-labelledby="workspace-webhooks-title">
      <h3 id="workspace-webhooks-title" className={pageStyles.settingsSubtitle}>
        Webhooks
      </h3>
      <p className={pageStyles.muted}>
        Gantry posts a signed JSON payload to each address when one of its events happens on this board, and retries
        failed deliveries with backoff.
      </p>
      {webhooks.isPending ? <Loader label="Loading webhooks" /> : null}
      {webhooks.error ? (
        <p className={form.error} role="alert">
          The webhooks could not be loaded: {webhooks.error.message}
        </p>
      ) : null}
      {webhooks.data && list.length === 0 ? <p className={fieldStyles.empty}>No webhooks yet.</p> : null}
      {list.length > 0 ? (
        <ul className={fieldStyles.list} aria-label="Webhooks">
          {list.map((webhook) => (
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
      {deleting ? (
        <ConfirmationDialog
          title="Delete this webhook?"
          body={`Nothing more is sent to ${deleting.url}, and its delivery log is deleted. This cannot be undone.`}
          confirmText="Delete webhook"
          danger
          onConfirm={() => {
            const webhookId = deleting.id;
            setDeleting(null);
            void action.run(() => api.remove(webhookId));
          }}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
