import { isExtensionReturnUrl, loginErrorMessage } from "@gantry/domain";
import { type FormEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { AuthLayout, FormMessage } from "../accounts/AuthLayout";
import { authCall, type LoginAnswer } from "../accounts/api";
import { PasswordSignInForm, useCredentials } from "../accounts/PasswordSignInForm";
import { useRuntimeConfig } from "../app/runtime-config";

/** Why a sign-in tab cannot hand its token on: it was not opened by the extension. */
export const NOT_FROM_EXTENSION = "This sign-in page only works when the browser extension opens it.";

/**
 * The extension's sign-in (SPEC §4), in a tab of its own so the address bar shows where the
 * password goes. A new session is made for the extension and sent to the extension's callback
 * page with the state it opened this tab with; this site's own session is left alone.
 */
export function ExtensionSignInPage() {
  const { productName } = useRuntimeConfig();
  const [search] = useSearchParams();
  const state = search.get("state") ?? "";
  const returnTo = search.get("return_to") ?? "";
  const credentials = useCredentials();
  const { email, password } = credentials;
  const [serverText, setServerText] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  if (!state || !isExtensionReturnUrl(returnTo)) {
    return (
      <AuthLayout title={`Sign in to the ${productName} extension`}>
        <FormMessage kind="error">{NOT_FROM_EXTENSION}</FormMessage>
      </AuthLayout>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const answer = await authCall<LoginAnswer>("login", { email, password });
    if (answer.ok) {
      // The fragment never reaches a server; the callback page checks the state and forgets the address.
      window.location.replace(`${returnTo}#${new URLSearchParams({ state, token: answer.data.token })}`);
      return;
    }
    setBusy(false);
    setFailed(true);
    setServerText(answer.error);
  };

  return (
    <AuthLayout
      title={`Sign in to the ${productName} extension`}
      lead={`The extension shows ${productName} inside GitHub's pages once you sign in.`}
    >
      <FormMessage kind="error">{failed ? loginErrorMessage(serverText) : null}</FormMessage>
      <PasswordSignInForm
        credentials={credentials}
        onSubmit={submit}
        busy={busy}
        action={{ idle: "Sign in", busy: "Signing in…" }}
      />
    </AuthLayout>
  );
}
