import { useAuth } from "../accounts/auth-context";
import { useRuntimeConfig } from "../app/runtime-config";
import { Onboarding } from "../onboarding/Onboarding";
import { useViewerHome, type ViewerHome } from "../organizations/api";
import { CreateOrganizationForm } from "../organizations/CreateOrganizationForm";
import { activeOrganization } from "../organizations/organization-list";
import { useOrganizationState } from "../organizations/organization-state";
import { Button } from "../ui/Button";
import { Loader } from "../ui/Loader";
import styles from "./LandingPage.module.css";
import { OrganizationWorkspaces } from "./OrganizationWorkspaces";
import { RecentWorkspaces } from "./RecentWorkspaces";

/** Home after login (SPEC §2 /landing): recent workspaces and every workspace by organisation. */
export function LandingPage() {
  const { productName } = useRuntimeConfig();
  const { state } = useAuth();
  const email = state.status === "signed-in" ? state.info.user.zh.email : null;
  const home = useViewerHome();
  return (
    <main className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>Welcome to {productName}</h1>
        {email ? (
          <p className={styles.text}>
            Signed in as <strong>{email}</strong>
          </p>
        ) : null}
      </header>
      <Onboarding />
      {home.isPending ? <Loader label="Loading your workspaces" /> : null}
      {home.isError ? (
        <div className={styles.problem} role="alert">
          <p className={styles.text}>We couldn't load your workspaces: {home.error.message}</p>
          <Button onClick={() => void home.refetch()}>Try again</Button>
        </div>
      ) : null}
      {home.data ? <LandingContent home={home.data} /> : null}
    </main>
  );
}

function LandingContent({ home }: { home: ViewerHome }) {
  const { organization, choose, setWorkspaceCreatorFormOpen } = useOrganizationState();
  const pending = home.accessRequests.filter((request) => request.state === "PENDING");
  if (home.organizations.length === 0) {
    return (
      <section className={styles.card} aria-labelledby="onboarding-title">
        <h2 id="onboarding-title" className={styles.sectionTitle}>
          Create your organization
        </h2>
        <p className={styles.text}>
          Workspaces live in an organization. Create one for your team, then invite your teammates by email.
        </p>
        {pending.length > 0 ? (
          <p className={styles.text}>
            You asked to join {pending.map((request) => request.requestable.name).join(", ")}; an admin will let you in.
          </p>
        ) : null}
        <CreateOrganizationForm onCreated={choose} />
      </section>
    );
  }
  // The active organisation comes first, so choosing one in the dropdown brings its workspaces to the top.
  const active = activeOrganization(home.organizations, organization.id);
  const ordered = [...home.organizations].sort((a, b) => Number(b.id === active?.id) - Number(a.id === active?.id));
  return (
    <>
      <div className={styles.toolbar}>
        <Button variant="primary" onClick={() => setWorkspaceCreatorFormOpen(true)}>
          Create workspace
        </Button>
      </div>
      {home.recentWorkspaces.length > 0 ? <RecentWorkspaces workspaces={home.recentWorkspaces} /> : null}
      {ordered.map((each) => (
        <OrganizationWorkspaces
          key={each.id}
          organization={each}
          onCreateWorkspace={() => {
            choose(each);
            setWorkspaceCreatorFormOpen(true);
          }}
        />
      ))}
      {pending.length > 0 ? (
        <section className={styles.section} aria-labelledby="requests-title">
          <h2 id="requests-title" className={styles.sectionTitle}>
            Waiting for approval
          </h2>
          <ul className={styles.plainList}>
            {pending.map((request) => (
              <li key={request.id} className={styles.text}>
                You asked to join {request.requestable.name}. An admin of {request.requestable.name} will approve or
                decline your request.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
