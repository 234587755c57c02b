import { CODE_HOST_NAME } from "@gantry/domain";
import { KeyIcon, OrganizationIcon } from "@primer/octicons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ContinueWithGitHubForm } from "../github/ContinueWithGitHubForm";
import githubStyles from "../github/github.module.css";
import { Button } from "../ui/Button";
import form from "../ui/form.module.css";
import { Field, PasswordField } from "./Field";

/** One provider as GET /api/auth/providers lists it (decision 0027). */
export interface SigninProviderListing {
  key: string;
  name: string;
  /** "form" asks for a user name and password here (LDAP); "redirect" leaves for the provider. */
  kind: "form" | "redirect";
}

/**
 * What the page offers when the list cannot be read: the code host, which every edition has
 * and the server enables by default, as the page did before providers were configurable.
 */
const FALLBACK: SigninProviderListing[] = [{ key: "github", name: CODE_HOST_NAME, kind: "redirect" }];

async function fetchProviders(): Promise<SigninProviderListing[]> {
  const response = await fetch("/api/auth/providers", { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`providers: ${response.status}`);
  const { providers } = (await response.json()) as { providers: SigninProviderListing[] };
  return providers;
}

/** The sign-in providers this server has enabled, in its order. */
export function useSigninProvidersQuery() {
  return useQuery({ queryKey: ["signin-providers"], queryFn: fetchProviders, staleTime: Number.POSITIVE_INFINITY });
}

/** The login page's list: null while it loads, GitHub alone when it cannot be read. */
function useLoginProviders(): SigninProviderListing[] | null {
  const query = useSigninProvidersQuery();
  if (query.isError) return FALLBACK;
  return query.data ?? null;
}

export const authPath = (key: string) => `/gantry_users/auth/${key}`;

const ICONS: Record<string, ReactNode> = {
  saml: <KeyIcon aria-hidden />,
  ldap: <OrganizationIcon aria-hidden />,
};

/** A full-page POST form that leaves for the provider (SPEC §7 "Provider sign-in"). */
function RedirectProviderForm({ provider, returnTo }: { provider: SigninProviderListing; returnTo?: string }) {
  if (provider.key === "github") return <ContinueWithGitHubForm {...(returnTo ? { returnTo } : {})} />;
  return (
    <form method="post" action={authPath(provider.key)} className={githubStyles.providerForm}>
      {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
      <Button type="submit">
        {ICONS[provider.key]}
        {`Continue with ${provider.name}`}
      </Button>
    </form>
  );
}

/** The directory's user name and password, posted as a full page to /gantry_users/auth/ldap. */
function DirectoryForm({ provider, returnTo }: { provider: SigninProviderListing; returnTo?: string }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      method="post"
      action={authPath(provider.key)}
      className={form.form}
      aria-label={`Log in with ${provider.name}`}
    >
      {returnTo ? <input type="hidden" name="return_to" value={returnTo} /> : null}
      <Field
        label={`${provider.name} username`}
        name="username"
        autoComplete="username"
        required
        value={username}
        onChange={(event) => setUsername(event.target.value)}
      />
      <PasswordField
        label={`${provider.name} password`}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" disabled={!username || !password}>
        {ICONS[provider.key]}
        {`Log in with ${provider.name}`}
      </Button>
    </form>
  );
}

/**
 * The login page's providers above its email form: a button for each provider that leaves for
 * its sign-in page, then the directory form, each set apart by "or". Nothing shows while the
 * list loads, so no button appears that the server would refuse.
 */
export function LoginPageProviders({ returnTo }: { returnTo?: string }) {
  const providers = useLoginProviders();
  if (!providers || providers.length === 0) return null;
  const redirects = providers.filter((provider) => provider.kind === "redirect");
  const forms = providers.filter((provider) => provider.kind === "form");
  return (
    <>
      {redirects.length > 0 ? (
        <div className={form.form}>
          {redirects.map((provider) => (
            <RedirectProviderForm key={provider.key} provider={provider} {...(returnTo ? { returnTo } : {})} />
          ))}
        </div>
      ) : null}
      {forms.map((provider, index) => (
        <div key={provider.key} className={form.form}>
          {redirects.length > 0 || index > 0 ? <p className={githubStyles.divider}>or</p> : null}
          <DirectoryForm provider={provider} {...(returnTo ? { returnTo } : {})} />
        </div>
      ))}
      <p className={githubStyles.divider}>or</p>
    </>
  );
}
