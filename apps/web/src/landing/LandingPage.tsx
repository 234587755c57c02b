import { useAuth } from "../accounts/auth-context";
import { useRuntimeConfig } from "../app/runtime-config";
import { CreateTestRepositoryButton } from "../github/CreateTestRepositoryButton";
import { GitHubAccountCard } from "../github/GitHubAccountCard";
import { Onboarding } from "../onboarding/Onboarding";
import { useViewerHome, type ViewerHome } from "../organizations/api";
import { CreateOrganizationForm } from "../organizations/CreateOrganizationForm";
import { activeOrganization } from "../organizations/organization-list";
import { useOrganizationState } from "../organizations/organization-state";
import { Button } from "../ui/Button";
import { QueryStatus } from "../ui/QueryStatus";
import { stack } from "../ui/stack";
import text from "../ui/text.module.css";
import styles from "./LandingPage.module.css";
import { OrganizationWorkspaces } from "./OrganizationWorkspaces";
import { PendingRequests } from "./PendingRequests";
import { RecentWorkspaces } from "./RecentWorkspaces";

/** Home after login (SPEC §2 /landing): recent workspaces and every workspace by organisation. */
export function LandingPage() {
  const { productName } = useRuntimeConfig();
  const { state } = useAuth();
  const email = state.status === "signed-in" ? state.info.user.zh.email : null;
  const home = useViewerHome();
  const { setWorkspaceCreatorFormOpen } = useOrganizationState();
  return (
    <main className={styles.page}>
      <header className={styles.intro}>
        <div className={styles.introText}>
          <h1 className={styles.title}>Welcome to {productName}</h1>
          {email ? (
            <p className={text.muted}>
              Signed in as <strong>{email}</strong>
            </p>
          ) : null}
        </div>
        {home.data && home.data.organizations.length > 0 ? (
          <Button variant="primary" onClick={() => setWorkspaceCreatorFormOpen(true)}>
            Create workspace
          </Button>
        ) : null}
      </header>
      <GitHubAccountCard>
        <CreateTestRepositoryButton />
      </GitHubAccountCard>
      <Onboarding />
      <QueryStatus query={home} loading="Loading your workspaces">
        We couldn't load your workspaces
      </QueryStatus>
      {home.data ? <LandingContent home={home.data} /> : null}
    </main>
  );
}

function LandingContent({ home }: { home: ViewerHome }) {
  const { organization, choose, setWorkspaceCreatorFormOpen } = useOrganizationState();
  const pending = home.accessRequests.filter((request) => request.state === "PENDING");
  if (home.organizations.length === 0) {
    return (
      <>
        <section
          className={`${stack({ direction: "column", gap: 12 })} ${styles.card}`}
          aria-labelledby="onboarding-title"
        >
          <h2 id="onboarding-title" className={styles.sectionTitle}>
            Create your organization
          </h2>
          <p className={text.muted}>
            Workspaces live in an organization. Create one for your team, then invite your teammates by email.
          </p>
          <CreateOrganizationForm onCreated={choose} />
        </section>
        <PendingRequests requests={pending} />
      </>
    );
  }
  // The active organisation comes first, so choosing one in the dropdown brings its workspaces to the top.
  const active = activeOrganization(home.organizations, organization.id);
  const ordered = [...home.organizations].sort((a, b) => Number(b.id === active?.id) - Number(a.id === active?.id));
  return (
    <>
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
      <PendingRequests requests={pending} />
    </>
  );
}
