import type { Account, Repository } from "../store/records.js";
import { type HubStore, isoSeconds } from "../store/store.js";
import { addDefaultLabels, labelIds } from "./labels.js";

interface SeedIssue {
  title: string;
  body: string;
  author: Account;
  labels?: string[];
  assignees?: Account[];
  milestone?: number;
  closed?: boolean;
  pull?: { head: string; draft?: boolean; merged?: boolean; reviewers?: Account[] };
  comments?: [Account, string][];
}

function addIssues(store: HubStore, repository: Repository, issues: readonly SeedIssue[]): void {
  for (const seed of issues) {
    const issue = store.createIssue(repository, {
      title: seed.title,
      body: seed.body,
      authorId: seed.author.id,
      labelIds: labelIds(store, repository, seed.labels ?? []),
      assigneeIds: (seed.assignees ?? []).map((assignee) => assignee.id),
      milestoneNumber: seed.milestone ?? null,
      state: seed.closed ? "closed" : "open",
      pullRequest: seed.pull && {
        headRef: seed.pull.head,
        baseRef: repository.defaultBranch,
        draft: seed.pull.draft ?? false,
        mergedAt: seed.pull.merged ? store.timestamp() : null,
        requestedReviewerIds: (seed.pull.reviewers ?? []).map((reviewer) => reviewer.id),
      },
    });
    for (const [author, body] of seed.comments ?? [])
      store.createComment(repository, issue, { authorId: author.id, body });
  }
}

function daysFromNow(store: HubStore, days: number): string {
  return isoSeconds(new Date(store.clock().getTime() + days * 86_400_000));
}

/**
 * The data `npm start` shows: user `demo` (a member of both organisations), two teammates,
 * organisations `acme` and `octo-labs`, and repositories with issues, pull requests,
 * labels, milestones and comments.
 */
export function seedDemo(store: HubStore): void {
  const demo = store.createAccount({ login: "demo", type: "User", name: "Dana Demo", email: "demo@example.com" });
  const mona = store.createAccount({ login: "mona", type: "User", name: "Mona Lisa", email: "mona@example.com" });
  const hubot = store.createAccount({ login: "hubot", type: "User", name: "Hubot", email: "hubot@example.com" });
  const acme = store.createAccount({
    login: "acme",
    type: "Organization",
    name: "Acme",
    description: "Rockets, anvils and web apps.",
  });
  const labs = store.createAccount({
    login: "octo-labs",
    type: "Organization",
    name: "Octo Labs",
    description: "Experiments in tooling.",
  });
  store.addMember(acme, demo, "admin");
  store.addMember(acme, mona);
  store.addMember(labs, demo);
  store.addMember(labs, hubot, "admin");

  const webApp = store.createRepository({
    owner: acme,
    name: "web-app",
    description: "Acme's customer-facing web application",
  });
  const api = store.createRepository({ owner: acme, name: "api", description: "Public REST API", private: true });
  const design = store.createRepository({
    owner: labs,
    name: "design-system",
    description: "Shared UI components and tokens",
  });
  const notes = store.createRepository({ owner: demo, name: "notes", description: "Personal notes and experiments" });
  for (const repository of [webApp, api, design, notes]) addDefaultLabels(store, repository);

  const launch = store.createMilestone(webApp, {
    title: "Launch",
    creatorId: demo.id,
    description: "Everything needed for the public launch",
    dueOn: daysFromNow(store, 21),
  });
  const polish = store.createMilestone(webApp, {
    title: "Post-launch polish",
    creatorId: mona.id,
    dueOn: daysFromNow(store, 60),
  });
  const v2 = store.createMilestone(api, {
    title: "v2",
    creatorId: demo.id,
    description: "Breaking changes batched for v2",
  });

  addIssues(store, webApp, [
    {
      title: "Checkout button does nothing on Safari 17",
      body: "Clicking **Pay now** on Safari 17.2 shows no error and no request leaves the browser.\n\nSteps:\n1. Add any item\n2. Go to checkout\n3. Click Pay now",
      author: mona,
      labels: ["bug"],
      assignees: [demo],
      milestone: launch.number,
      comments: [[demo, "Reproduced. The click handler is attached before hydration finishes."]],
    },
    {
      title: "Add dark mode",
      body: "Follow the operating system's colour scheme and offer a toggle in settings.",
      author: demo,
      labels: ["enhancement"],
      milestone: polish.number,
    },
    {
      title: "Document the deployment process",
      body: "New teammates cannot deploy without asking. Write down the steps in `docs/deploy.md`.",
      author: demo,
      labels: ["documentation", "good first issue"],
    },
    {
      title: "Fix checkout on Safari",
      body: "Defers the click handler until hydration completes. Closes #1.",
      author: demo,
      pull: { head: "fix/safari-checkout", reviewers: [mona] },
      labels: ["bug"],
      milestone: launch.number,
    },
    {
      title: "Password reset email arrives twice",
      body: "Every reset request sends two identical emails.",
      author: hubot,
      labels: ["bug"],
      closed: true,
      assignees: [mona],
    },
    {
      title: "Search results page is slow with 500+ products",
      body: "Rendering takes over 2 s. We should virtualise the list.",
      author: mona,
      labels: ["enhancement", "help wanted"],
      assignees: [mona],
      milestone: launch.number,
    },
    {
      title: "Upgrade to React 19",
      body: "Bumps React and fixes the deprecated APIs.",
      author: mona,
      pull: { head: "chore/react-19", draft: true },
    },
    {
      title: "Add product image zoom",
      body: "Hover to zoom on desktop, pinch on mobile.",
      author: demo,
      pull: { head: "feature/image-zoom", merged: true },
      closed: true,
      milestone: launch.number,
    },
    {
      title: "Which analytics provider do we use?",
      body: "The privacy policy and the code disagree.",
      author: hubot,
      labels: ["question"],
    },
  ]);
  addIssues(store, api, [
    {
      title: "Rate limit headers missing on 404 responses",
      body: "Clients cannot back off when they only get 404s.",
      author: demo,
      labels: ["bug"],
      milestone: v2.number,
    },
    {
      title: "Paginate /orders with cursors",
      body: "Offset pagination skips rows when orders arrive during a listing.",
      author: mona,
      labels: ["enhancement"],
      milestone: v2.number,
      assignees: [demo],
    },
    {
      title: "Return 422 instead of 400 for validation errors",
      body: "Matches what the docs have always said.",
      author: demo,
      pull: { head: "fix/validation-status" },
      milestone: v2.number,
    },
  ]);
  addIssues(store, design, [
    {
      title: "Button focus ring is invisible in high-contrast mode",
      body: "Use `outline` rather than `box-shadow`.",
      author: hubot,
      labels: ["bug", "good first issue"],
    },
    {
      title: "Add a Tooltip component",
      body: "Accessible, keyboard-triggered, with a delay.",
      author: demo,
      labels: ["enhancement"],
      assignees: [hubot],
    },
    {
      title: "Introduce spacing tokens",
      body: "Replaces hard-coded pixel values with tokens.",
      author: hubot,
      pull: { head: "tokens/spacing", reviewers: [demo] },
    },
  ]);
  addIssues(store, notes, [
    {
      title: "Try out the sandbox's webhooks",
      body: "Register a hook on this repository and watch deliveries arrive.",
      author: demo,
    },
  ]);
}
