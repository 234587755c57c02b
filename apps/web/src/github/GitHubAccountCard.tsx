import { CODE_HOST_NAME } from "@gantry/domain";
import { MarkGithubIcon } from "@primer/octicons-react";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { useAuth } from "../accounts/auth-context";
import form from "../ui/form.module.css";
import { stack } from "../ui/stack";
import { useGitHubUser } from "./api";
import { gitHubConnectErrorMessage } from "./auth-complete";
import { ContinueWithGitHubForm } from "./ContinueWithGitHubForm";
import styles from "./github.module.css";

/**
 * On /landing: a person signed in without GitHub connects it here (the sign-in form with their
 * session as `link_token`); once connected it says as whom, beside what the caller offers.
 */
export function GitHubAccountCard({ children }: { children?: ReactNode }) {
  const { state } = useAuth();
  const gitHubUser = useGitHubUser();
  const [search] = useSearchParams();
  const refused = search.get("githubError");
  // Quiet while loading or failing: the card is an offer, not something the page needs.
  if (state.status !== "signed-in" || gitHubUser.data === undefined) return null;
  return (
    <section
      className={`${stack({ wrap: true, align: "center", gap: 12 })} ${styles.accountCard}`}
      aria-labelledby="github-account-title"
    >
      <h2 id="github-account-title" className={styles.accountTitle}>
        <MarkGithubIcon aria-hidden />
        {CODE_HOST_NAME}
      </h2>
      {gitHubUser.data ? (
        <>
          <p className={styles.muted}>
            Connected as <strong>@{gitHubUser.data.login}</strong>
          </p>
          {children}
        </>
      ) : (
        <>
          <p className={styles.muted}>
            Connect your {CODE_HOST_NAME} account to bring your repositories' issues and pull requests into your
            workspaces.
          </p>
          {refused ? (
            <p role="alert" className={form.error}>
              {gitHubConnectErrorMessage(refused)}
            </p>
          ) : null}
          <ContinueWithGitHubForm label={`Connect ${CODE_HOST_NAME}`} linkToken={state.token} returnTo="/landing" />
        </>
      )}
    </section>
  );
}
