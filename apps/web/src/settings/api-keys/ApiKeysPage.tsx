import { CheckIcon, CopyIcon, KeyIcon } from "@primer/octicons-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import form from "../../ui/form.module.css";
import { Loader } from "../../ui/Loader";
import { RelativeTime } from "../../ui/RelativeTime";
import { useToasts } from "../../ui/toast/toast-context";
import hidden from "../../ui/visually-hidden.module.css";
import frame from "../settings-page.module.css";
import styles from "./ApiKeysPage.module.css";
import { type ApiKey, MAX_API_KEYS, useApiKeys, useCreateApiKey, useRevokeApiKey } from "./api";

/** /settings/api-keys: personal API keys for POST /public/graphql; a secret is shown once, when created. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <main className={frame.page}>
      <h1 className={frame.title}>API keys</h1>
      <p className={frame.muted}>
        Scripts send a personal API key to <code>POST /public/graphql</code> as <code>Authorization: Bearer …</code> and
        act with your permissions. Keep keys secret; revoke one you no longer use.
      </p>
      <p className={frame.links}>
        <a href="/docs/api/getting-started">Getting started</a>
        <a href="/docs/api">API reference</a>
      </p>
      {created ? <NewSecret {...created} onDone={() => setCreated(null)} /> : null}
      <CreateKeySection full={(keys.data?.length ?? 0) >= MAX_API_KEYS} onCreated={setCreated} />
      <section className={frame.section} aria-labelledby="api-keys-list">
        <h2 id="api-keys-list" className={frame.sectionTitle}>
          Your keys
        </h2>
        {keys.isError ? (
          <div role="alert">
            <p className={frame.muted}>Your API keys could not be loaded: {keys.error.message}</p>
            <Button onClick={() => void keys.refetch()}>Try again</Button>
          </div>
        ) : !keys.data ? (
          <Loader label="Loading API keys" />
        ) : keys.data.length === 0 ? (
          <p className={frame.muted}>You have no API keys yet.</p>
        ) : (
          <div className={styles.scroller}>
            <table className={styles.keys}>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Last used from</th>
                  <th scope="col">
                    <span className={hidden.hidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.map((key) => (
                  <tr key={key.id}>
                    <th scope="row">
                      <span className={styles.keyCell}>
                        <KeyIcon aria-hidden />
                        <span className={styles.keyName}>{key.name}</span>
                        <span className={frame.muted}>…{key.hint}</span>
                      </span>
                    </th>
                    <td>
                      <RelativeTime value={key.createdAt} />
                    </td>
                    <td>{key.lastUsedAt ? <RelativeTime value={key.lastUsedAt} /> : "Never used"}</td>
                    <td className={styles.address}>{key.lastUsedIpAddress ?? "—"}</td>
                    <td className={styles.actions}>
                      <Button variant="danger" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {revoking ? <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </main>
  );
}

function CreateKeySection({
  full,
  onCreated,
}: {
  full: boolean;
  onCreated: (created: { name: string; secret: string }) => void;
}) {
  const create = useCreateApiKey();
  const [name, setName] = useState("");
  const nameId = useId();

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
    <section className={frame.section} aria-labelledby="api-keys-create">
      <h2 id="api-keys-create" className={frame.sectionTitle}>
        Create a key
      </h2>
      {full ? (
        <p className={frame.muted}>
          You have {MAX_API_KEYS} API keys, the most you can have. Revoke one to create another.
        </p>
      ) : (
        <form className={styles.createForm} onSubmit={onSubmit}>
          <div className={`${form.field} ${styles.field}`}>
            <label className={form.label} htmlFor={nameId}>
              Name
            </label>
            <input
              id={nameId}
              className={form.input}
              value={name}
              maxLength={100}
              placeholder="Release script"
              aria-invalid={create.isError}
              onChange={(event) => setName(event.target.value)}
            />
          </div>
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
    </section>
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
    <section className={styles.secret} aria-labelledby="api-keys-secret" role="status">
      <h2 id="api-keys-secret" className={frame.sectionTitle}>
        Your new key “{name}”
      </h2>
      <p className={frame.muted}>Copy it now: you will not be able to see it again.</p>
      <div className={styles.secretRow}>
        <code className={styles.secretValue} data-testid="api-key-secret">
          {secret}
        </code>
        <Button onClick={() => void copy()} aria-label="Copy the key">
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
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
