import { authPath, type SigninProviderListing, useSigninProvidersQuery } from "../accounts/LoginPageProviders";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import { Panel } from "../ui/Panel";
import text from "../ui/text.module.css";
import styles from "./AdminSeatsPage.module.css";

const HOW: Record<SigninProviderListing["kind"], string> = {
  redirect: "Button on the login page; people sign in on the provider's page",
  form: "Username and password form on the login page, checked against the directory",
};

/**
 * The admin page's read-only list of how people can sign in: email always, then what
 * SIGNIN_PROVIDERS enables (decision 0027), as the login page shows it. SAML adds the
 * service-provider metadata address the Identity Provider needs.
 */
export function AdminProvidersSection() {
  const query = useSigninProvidersQuery();
  return (
    <Panel title="Sign-in providers">
      <p className={text.muted}>
        Set when the server starts, with SIGNIN_PROVIDERS and each provider's settings; the login page shows them in
        this order.
      </p>
      {query.isError ? (
        <div role="alert" className={text.muted}>
          The sign-in providers could not be loaded. <Button onClick={() => void query.refetch()}>Try again</Button>
        </div>
      ) : !query.data ? (
        <Loader label="Loading sign-in providers" />
      ) : (
        <dl className={styles.facts}>
          <dt>Email and password</dt>
          <dd>Always on</dd>
          {query.data.map((provider) => (
            <ProviderFact key={provider.key} provider={provider} />
          ))}
        </dl>
      )}
    </Panel>
  );
}

function ProviderFact({ provider }: { provider: SigninProviderListing }) {
  const metadata = `${authPath(provider.key)}/metadata`;
  return (
    <>
      <dt>{provider.name}</dt>
      <dd>
        {HOW[provider.kind]}
        {provider.key === "saml" ? (
          <>
            {" · "}
            <a href={metadata}>Service provider metadata</a>
          </>
        ) : null}
      </dd>
    </>
  );
}
