import { CheckIcon, CopyIcon, KeyIcon } from "@primer/octicons-react";
import { type FormEvent, useState } from "react";
import { Button } from "../../ui/Button";
import { type Column, DataTable } from "../../ui/data-table/DataTable";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import { EmptyState } from "../../ui/EmptyState";
import { FormRow } from "../../ui/FormRow";
import form from "../../ui/form.module.css";
import { LoadError } from "../../ui/LoadError";
import { Panel } from "../../ui/Panel";
import { Page, PageHeader } from "../../ui/page/Page";
import { RelativeTime } from "../../ui/RelativeTime";
import { Toolbar } from "../../ui/Toolbar";
import text from "../../ui/text.module.css";
import { useToasts } from "../../ui/toast/toast-context";
import styles from "./ApiKeysPage.module.css";
import { type ApiKey, MAX_API_KEYS, useApiKeys, useCreateApiKey, useRevokeApiKey } from "./api";

/** /settings/api-keys: personal API keys for POST /public/graphql; a secret is shown once, when created. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <Page>
      <PageHeader title="API keys">
        <p className={text.muted}>
          Scripts send a personal API key to <code>POST /public/graphql</code> as <code>Authorization: Bearer …</code>{" "}
          and act with your permissions. Keep keys secret; revoke one you no longer use.
        </p>
        <p className={text.links}>
          <a href="/docs/api/getting-started">Getting started</a>
          <a href="/docs/api">API reference</a>
        </p>
      </PageHeader>
      {created ? <NewSecret {...created} onDone={() => setCreated(null)} /> : null}
      <CreateKeySection full={(keys.data?.length ?? 0) >= MAX_API_KEYS} onCreated={setCreated} />
      <Panel title="Your keys">
        {keys.isError ? (
          <LoadError error={keys.error} onRetry={() => void keys.refetch()}>
            Your API keys could not be loaded
          </LoadError>
        ) : (
          <DataTable
            columns={KEY_COLUMNS}
            rows={keys.data}
            rowKey={(key) => key.id}
            loadingLabel="Loading API keys"
            verticalAlign="middle"
            size="medium"
            empty={<EmptyState>You have no API keys yet.</EmptyState>}
            rowActions={(key) => (
              <Button variant="danger" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                Revoke
              </Button>
            )}
          />
        )}
      </Panel>
      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </Page>
  );
}

const KEY_COLUMNS: Column<ApiKey>[] = [
  {
    key: "key",
    header: "Key",
    rowHeader: true,
    cell: (key) => (
      <span className={styles.keyCell}>
        <KeyIcon aria-hidden />
        <span className={styles.keyName}>{key.name}</span>
        <span className={text.muted}>…{key.hint}</span>
      </span>
    ),
  },
  { key: "created", header: "Created", className: styles.when, cell: (key) => <RelativeTime value={key.createdAt} /> },
  {
    key: "lastUsed",
    header: "Last used",
    className: styles.when,
    cell: (key) => (key.lastUsedAt ? <RelativeTime value={key.lastUsedAt} /> : "Never used"),
  },
  {
    key: "lastUsedFrom",
    header: "Last used from",
    className: styles.address,
    cell: (key) => key.lastUsedIpAddress ?? "—",
  },
];

function CreateKeySection({
  full,
  onCreated,
}: {
  full: boolean;
  onCreated: (created: { name: string; secret: string }) => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name },
      {
        onSuccess: ({ createApiKey }) => {
          setName("");
          onCreated({ name: createApiKey.apiKey.name, secret: createApiKey.secret });
        },
      },
    );
  };

  return (
    <Panel title="Create a key">
      {full ? (
        <p className={text.muted}>
          You have {MAX_API_KEYS} API keys, the most you can have. Revoke one to create another.
        </p>
      ) : (
        <form className={styles.createForm} onSubmit={onSubmit}>
          <FormRow label="Name" className={styles.field}>
            {(control) => (
              <input
                {...control}
                className={form.input}
                value={name}
                maxLength={100}
                placeholder="Release script"
                // The error stands under the whole form, beside the button, not under the field.
                aria-invalid={create.isError}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormRow>
          <Button type="submit" variant="primary" disabled={create.isPending || name.trim() === ""}>
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </form>
      )}
      {create.isError ? (
        <p className={form.error} role="alert">
          {create.error.message}
        </p>
      ) : null}
    </Panel>
  );
}

/** The secret, once: copied with a button, gone when the person says they have it or leaves the page. */
function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const toasts = useToasts();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toasts.show({ kind: "error", message: "The key could not be copied: select it and copy it yourself." });
    }
  };
  return (
    <Panel title={`Your new key “${name}”`} tone="success" role="status">
      <p className={text.muted}>Copy it now: you will not be able to see it again.</p>
      <Toolbar>
        <code className={styles.secretValue} data-testid="api-key-secret">
          {secret}
        </code>
        <Button onClick={() => void copy()} aria-label="Copy the key">
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </Toolbar>
    </Panel>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  const toasts = useToasts();
  return (
    <ConfirmationDialog
      title="Revoke API key"
      body={
        <p>
          Scripts using “{apiKey.name}” (…{apiKey.hint}) will get 401 Unauthorized from now on. This cannot be undone.
        </p>
      }
      confirmText={revoke.isPending ? "Revoking…" : "Revoke key"}
      danger
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(
          { id: apiKey.id },
          {
            onSuccess: () => {
              toasts.show({ kind: "success", message: `“${apiKey.name}” is revoked.` });
              onClose();
            },
            onError: (error) => {
              toasts.show({ kind: "error", message: `The key could not be revoked: ${error.message}` });
              onClose();
            },
          },
        )
      }
    />
  );
}
