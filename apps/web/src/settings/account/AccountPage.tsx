import { revokedCredentialsText } from "@gantry/domain";
import { SignOutIcon } from "@primer/octicons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useAuth } from "../../accounts/auth-context";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import form from "../../ui/form.module.css";
import { Panel } from "../../ui/Panel";
import { Page, PageHeader } from "../../ui/page/Page";
import text from "../../ui/text.module.css";
import { type SignOutEverywhereAnswer, useSignOutEverywhere } from "./api";

/** /settings/account: who is signed in, where their API keys are, and "Sign out everywhere" (issue #28). */
export function AccountPage() {
  const { state } = useAuth();
  const email = state.status === "signed-in" ? state.info.user.zh.email : null;
  return (
    <Page>
      <PageHeader title="Account" />
      <Panel title="Your account">
        {email ? (
          <p className={text.muted}>
            Signed in as <strong>{email}</strong>.
          </p>
        ) : null}
        <p className={text.links}>
          <Link to="/settings/api-keys">Manage your API keys</Link>
        </p>
      </Panel>
      <SignOutEverywhereSection />
    </Page>
  );
}

function SignOutEverywhereSection() {
  const signOut = useSignOutEverywhere();
  const [confirming, setConfirming] = useState(false);
  return (
    <Panel title="Sign out everywhere">
      <p className={text.muted}>
        Ends every other session of your account (other browsers, devices and the browser extension) and revokes all
        your API keys. You stay signed in here, and we mail you what was ended. Use it when a device is lost or a key
        may have leaked; if someone may know your password, reset it as well.
      </p>
      {signOut.isSuccess ? <Done answer={signOut.data} /> : null}
      {signOut.isError ? (
        <p className={form.error} role="alert">
          Nothing was signed out: {signOut.error.message}
        </p>
      ) : null}
      <div>
        <Button variant="danger" disabled={signOut.isPending} onClick={() => setConfirming(true)}>
          <SignOutIcon aria-hidden /> {signOut.isPending ? "Signing out…" : "Sign out everywhere"}
        </Button>
      </div>
      {confirming ? (
        <ConfirmationDialog
          title="Sign out everywhere?"
          body={
            <p>
              Every other browser, device and the browser extension will have to sign in again, and scripts using your
              API keys will get 401 Unauthorized from now on. This session stays signed in. This cannot be undone.
            </p>
          }
          confirmText="Sign out everywhere"
          danger
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            signOut.mutate();
          }}
        />
      ) : null}
    </Panel>
  );
}

function Done({ answer }: { answer: SignOutEverywhereAnswer }) {
  return (
    <p role="status">
      Done: {revokedCredentialsText(answer)}.{" "}
      {answer.mailed ? "We sent you a mail saying so." : "The mail saying so could not be sent."}
    </p>
  );
}
