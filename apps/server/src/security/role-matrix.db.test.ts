import { schema as tables } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { decodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../graphql/schema.js";
import { OutboxMailer } from "../mail/mailer.js";
import { field, type GraphQLAnswer, gql } from "../testing/factories.js";
import { startHub } from "../testing/hub.js";
import { subscribe } from "../testing/sse.js";
import { createSignUpTestApp, EVERY_ROLE, workspaceTeam } from "../testing/team.js";
import { changedTables, snapshotDatabase } from "./db-snapshot.js";
import { MATRIX, type Outcome, ROLES, type Role, RULES } from "./role-matrix.js";
import { arrange, CALLS, type Call, gitHubIssue, type MatrixWorld } from "./role-matrix-calls.js";

/**
 * The permission matrix exercised (issue #15, decision 0043): every root field, called as every role
 * (anonymous, someone in no organisation, the owner of another organisation, a read-only member, a
 * member, an admin, the owner) against one seeded organisation per engine. Each answer must be the
 * outcome the matrix names, and a refused call must leave every table as it was.
 */

/** Sessions record when they were last used, on every request, refused or not. */
const CHANGING_ON_EVERY_REQUEST = ["sessions"];

const REFUSED = ["FORBIDDEN", "NOT_FOUND"];

/** What an answer amounts to: allowed, denied, unauthenticated, or something else (the message says what). */
function outcomeOf(answer: GraphQLAnswer, rootField: string): Outcome | string {
  const error = answer.errors?.[0];
  if (error) {
    const code = error.extensions?.code;
    if (code === "UNAUTHENTICATED") return "unauthenticated";
    if (typeof code === "string" && REFUSED.includes(code)) return "denied";
    return `error ${code ?? "(no code)"}: ${error.message}`;
  }
  const data = answer.data?.[rootField];
  // Reads answer what the caller may not see as nothing, bulk edits as no issue changed.
  if (data === null || data === undefined) return "denied";
  if (Array.isArray(data) && data.length > 0 && data.every((item) => item === null)) return "denied";
  if (typeof data === "object" && (data as { successCount?: number }).successCount === 0) return "denied";
  return "allowed";
}

/** A subscription's first result; an allowed board stream gets one once something moves. */
async function subscriptionAnswer(
  w: MatrixWorld,
  token: string | null,
  call: Call,
  expected: Outcome,
): Promise<GraphQLAnswer | "ended"> {
  const stream = await subscribe(w.t, token, call.query, call.variables ?? {});
  // A refusal comes at once; only an allowed stream needs something to happen (which would change data).
  const trigger = expected === "allowed" ? call.subscription?.trigger : undefined;
  try {
    for (let attempt = 0; attempt < 10; attempt++) {
      await trigger?.();
      try {
        return await stream.next(3000);
      } catch (error) {
        if ((error as Error).message === "the event stream ended") return "ended";
        if (!trigger) throw error;
      }
    }
    throw new Error("no board event after ten moves");
  } finally {
    stream.close();
  }
}

/** The schema's root fields (the unit test role-matrix.test.ts fails on one without an entry). */
const rootFieldNames = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]
  .flatMap((root) => Object.keys(root?.getFields() ?? {}).map((name) => `${root?.name}.${name}`))
  .sort();

describe.each(testEngines())("every root field as every role, on %s", (engine) => {
  let w: MatrixWorld;
  let hub: Awaited<ReturnType<typeof startHub>>["hub"] | undefined;

  beforeAll(async () => {
    // GitHub configured (the hub sandbox), so the GitHub mutations reach their permission checks.
    const started = await startHub();
    hub = started.hub;
    const t = await createSignUpTestApp(
      engine,
      { AUTH_RATE_LIMIT_PER_MINUTE: "100000", GANTRY_WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "true" },
      { mailer: new OutboxMailer(), github: started.github },
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { owner, organization, workspace, people } = await workspaceTeam(t, EVERY_ROLE);
    const { owner: otherOrganisation } = await workspaceTeam(t, {}, { owner: "rival" });
    const users = { owner, ...people, otherOrganisation };
    // AI features on, so the AI reads answer (from similar issues: no model is configured).
    field(
      await gql(
        t,
        users.owner.token,
        "mutation ($id: ID!) { setGantryOrganizationAiEnabled(input: { gantryOrganizationId: $id, aiEnabled: true }) { __typename } }",
        { id: organization },
      ),
      "setGantryOrganizationAiEnabled",
    );

    const partial = { t, users, organization, workspace } as MatrixWorld;
    const shape = await arrange<{
      gantryRepository: { id: string; ownerName: string; name: string };
      pipelines: { id: string }[];
    }>(partial, "query ($id: ID!) { workspace(id: $id) { gantryRepository { id ownerName name } pipelines { id } } }", {
      id: workspace,
    });
    const repository = shape.gantryRepository;
    const ask = <T>(query: string, variables: Record<string, unknown>) => arrange<T>(partial, query, variables);
    const input = (name: string) => `$input: ${name[0]?.toUpperCase()}${name.slice(1)}Input!`;
    const make = <T>(name: string, select: string, value: Record<string, unknown>) =>
      ask<T>(`mutation (${input(name)}) { ${name}(input: $input) { ${select} } }`, { input: value });

    const issue = (
      await make<{ issue: { id: string; number: number } }>("createIssue", "issue { id number }", {
        repositoryId: repository.id,
        title: "Matrix issue",
      })
    ).issue;
    await make("createSprintConfig", "sprintConfig { id }", {
      sprintConfig: {
        workspaceId: workspace,
        name: "Sprint",
        tzIdentifier: "UTC",
        startOn: "2026-11-23",
        period: 1,
        settings: { moveUnfinishedIssues: true, issuesFromPipeline: { enabled: false } },
      },
    });
    const sprints = await ask<{ sprints: { nodes: { id: string }[] } }>(
      "query ($id: ID!) { workspace(id: $id) { sprints(first: 1) { nodes { id } } } }",
      { id: workspace },
    );
    // A GitHub repository connected to the workspace, as an import leaves it: GitHub epics are its issues.
    const ghId = 900_000_000 + Math.floor(Math.random() * 1e8);
    const [gitHubRepository] = await t.database.db
      .insert(tables.repositories)
      .values({ ghId, ownerLogin: "acme", name: `api-${ghId}`, htmlUrl: `https://github.test/acme/api-${ghId}` })
      .returning({ id: tables.repositories.id });
    if (!gitHubRepository) throw new Error("no repository");
    await t.database.db
      .insert(tables.workspaceRepositories)
      .values({ workspaceId: decodeGlobalID(workspace).id, repositoryId: gitHubRepository.id });
    partial.gitHubRepositoryId = gitHubRepository.id;
    const epic = await make<{ epic: { id: string } }>("createEpicFromIssue", "epic { id }", {
      issueId: await gitHubIssue(partial),
    });
    await make("createMilestone", "__typename", { repositoryId: repository.id, title: "Matrix milestone" });
    const milestones = await ask<{ gantryRepository: { milestones: { nodes: { number: number }[] } } }>(
      "query ($id: ID!) { workspace(id: $id) { gantryRepository { milestones(first: 1) { nodes { number } } } } }",
      { id: workspace },
    );
    const assignable = await ask<{ gantryRepository: { assignableUsers: { nodes: { login: string }[] } } }>(
      "query ($id: ID!) { workspace(id: $id) { gantryRepository { assignableUsers(first: 1) { nodes { login } } } } }",
      { id: workspace },
    );
    w = {
      ...partial,
      repository,
      pipelines: shape.pipelines.map((pipeline) => pipeline.id),
      issue,
      sprint: sprints.sprints.nodes[0]?.id ?? "",
      release: (
        await make<{ release: { id: string } }>("createRelease", "release { id }", {
          workspaceId: workspace,
          release: { title: "Release" },
        })
      ).release.id,
      gantryEpic: (
        await make<{ gantryEpic: { id: string } }>("createGantryEpic", "gantryEpic { id }", {
          workspaceId: workspace,
          gantryEpic: { title: "Epic" },
        })
      ).gantryEpic.id,
      priority: (
        await make<{ priority: { id: string } }>("createPriority", "priority { id }", {
          workspaceId: workspace,
          name: "Urgent",
          color: "#ff0000",
        })
      ).priority.id,
      epic: epic.epic.id,
      milestoneNumber: milestones.gantryRepository.milestones.nodes[0]?.number ?? 1,
      assignee: assignable.gantryRepository.assignableUsers.nodes[0]?.login ?? "nobody",
    };
    // Some 30 requests and a hub sandbox; generous, since CI runs test files side by side on two cores.
  }, 300_000);
  afterAll(async () => {
    await w?.t.close();
    await hub?.close();
  });

  it.each(rootFieldNames)(
    "%s answers each role as the matrix says",
    async (name) => {
      const entry = MATRIX[name];
      const makeCall = CALLS[name];
      if (!entry || !makeCall) throw new Error(`${name} is not in the matrix`);
      const rootField = name.slice(name.indexOf(".") + 1);
      const mismatches: string[] = [];
      for (const role of ROLES) {
        const expected = RULES[entry.rule][role];
        const token = role === "anonymous" ? null : w.users[role as Exclude<Role, "anonymous">].token;
        const call = await makeCall(w, role);
        const before =
          expected === "allowed" ? null : await snapshotDatabase(w.t.database.executeSql, CHANGING_ON_EVERY_REQUEST);
        const answer = call.subscription
          ? await subscriptionAnswer(w, token, call, expected)
          : await gql(w.t, token, call.query, call.variables ?? {});
        const got = answer === "ended" ? "ended" : outcomeOf(answer, rootField);
        const code = answer === "ended" ? undefined : answer.errors?.[0]?.extensions?.code;
        const message = answer === "ended" ? undefined : answer.errors?.[0]?.message;
        const allowedError = entry.allowedError?.test(message ?? "") ?? false;
        const acceptable =
          (got === expected && !(expected !== "allowed" && allowedError)) ||
          (expected === "allowed" && allowedError) ||
          (expected === "allowed" && got === "ended") ||
          // A weak entry's call cannot complete here (see its reason): an allowed role must only not be refused.
          (expected === "allowed" && entry.weak !== undefined && code !== "FORBIDDEN" && code !== "UNAUTHENTICATED");
        if (!acceptable) {
          const detail = answer === "ended" ? "" : ` (${JSON.stringify(answer.errors?.[0]?.message ?? answer.data)})`;
          mismatches.push(`${role}: expected ${expected}, got ${got}${detail.slice(0, 300)}`);
        }
        if (before) {
          const changed = changedTables(
            before,
            await snapshotDatabase(w.t.database.executeSql, CHANGING_ON_EVERY_REQUEST),
          );
          if (changed.length) mismatches.push(`${role}: refused, yet changed ${changed.join(", ")}`);
        }
      }
      expect({ name, mismatches }).toEqual({ name, mismatches: [] });
    },
    120_000,
  );
});
