import { testEngines } from "@gantry/db/testing";
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutboxMailer } from "../mail/mailer.js";
import type { TestApp } from "../testing/app.js";
import { field, type GraphQLAnswer, gql, signUpUser, type TestUser } from "../testing/factories.js";
import { createSignUpTestApp, workspaceTeam } from "../testing/team.js";
import { schema } from "./schema.js";

/**
 * Every root field of the schema, called by people who must get nothing of another organisation's:
 * someone anonymous, someone signed in to no organisation, and the owner of another organisation.
 * Every id argument names the victim's organisation, workspace, issue, pipeline, repository or owner
 * (guessed ids), and the answer selects what it can three levels deep, so a leak through a nested
 * field shows too. Nothing the victim wrote may appear in any answer, and afterwards the victim's
 * data is as it was.
 */

/**
 * Written into the victim's workspace name and issue title and body; no answer to an attacker may contain
 * it. The organisation's name is not secret from them: refusing a workspace names its organisation so
 * that the person can ask to join it (the access-request flow).
 */
const MARKER = "zq7-victim-secret";

interface Victim {
  owner: TestUser;
  organization: string;
  workspace: string;
  repository: string;
  issue: string;
  pipeline: string;
}

/** The victim's id an argument (or input field) of this name most likely wants. */
function guessedId(name: string, victim: Victim): string {
  const lower = name.toLowerCase();
  if (lower.includes("organization")) return victim.organization;
  if (lower.includes("pipeline")) return victim.pipeline;
  if (lower.includes("repositor")) return victim.repository;
  if (lower.includes("issue")) return victim.issue;
  if (lower.includes("user") || lower.includes("assignee")) return victim.owner.id;
  return victim.workspace;
}

const SCALARS: Record<string, unknown> = {
  String: "attacker",
  Int: 1,
  Float: 1,
  Boolean: false,
  ISO8601DateTime: "2026-01-01T00:00:00Z",
  ISO8601Date: "2026-01-01",
  JSON: {},
};

/** A value for a required argument or input field: the victim's ids, else something plausible. */
function valueFor(name: string, type: GraphQLInputType, victim: Victim, depth = 0): unknown {
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [valueFor(name, inner.ofType, victim, depth)];
  if (isScalarType(inner)) return inner.name === "ID" ? guessedId(name, victim) : SCALARS[inner.name];
  if (isEnumType(inner)) return inner.getValues()[0]?.name;
  if (isInputObjectType(inner) && depth < 4) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        // Optional id fields are filled too: they are where another tenant's ids get in.
        .filter((input) => isNonNullType(input.type) || getNamedType(input.type).name === "ID")
        .map((input) => [input.name, valueFor(input.name, input.type, victim, depth + 1)]),
    );
  }
  return null;
}

/** The arguments to pass: every required one, and every optional id (the victim's). */
const passedArgs = (args: readonly GraphQLArgument[]) =>
  args.filter((arg) => isNonNullType(arg.type) || getNamedType(arg.type).name === "ID");

/**
 * The types the victim's ids name. An interface (node) is read through them only: fragments on every
 * possible type would select same-named fields of different types, which validation refuses.
 */
const VICTIM_TYPES = new Set(["GantryOrganization", "Workspace", "Issue", "Repository", "Pipeline"]);

/** What to select on a type: its fields without required arguments, down to `depth` levels. */
function selection(type: GraphQLNamedType, depth: number): string {
  if (isUnionType(type) || isInterfaceType(type)) {
    if (depth === 0) return "__typename";
    const possible = schema
      .getPossibleTypes(type)
      .filter((object) => isUnionType(type) || VICTIM_TYPES.has(object.name));
    return `__typename ${possible.map((object) => `... on ${object.name} { ${selection(object, depth)} }`).join(" ")}`;
  }
  if (!isObjectType(type)) return "";
  const fields = Object.values((type as GraphQLObjectType).getFields()).filter(
    (candidate) => !candidate.args.some((arg) => isNonNullType(arg.type)),
  );
  const parts = fields.flatMap((candidate) => {
    const named = getNamedType(candidate.type);
    if (isScalarType(named) || isEnumType(named)) return [candidate.name];
    if (depth === 0) return [];
    const inner = selection(named, depth - 1);
    return inner ? [`${candidate.name} { ${inner} }`] : [];
  });
  return parts.length > 0 ? parts.join(" ") : "__typename";
}

/** The operations calling `field` with the victim's ids, and their variables. */
function operationFor(kind: "query" | "mutation", rootField: GraphQLField<unknown, unknown>, victim: Victim) {
  const args = passedArgs(rootField.args);
  const declarations = args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(", ");
  const call = args.map((arg) => `${arg.name}: $${arg.name}`).join(", ");
  const named = getNamedType(rootField.type);
  // node(id) and nodes(ids) are read once for each type an id could name, one operation each.
  const selections =
    isInterfaceType(named) || isUnionType(named)
      ? schema
          .getPossibleTypes(named)
          .filter((object) => VICTIM_TYPES.has(object.name))
          .map((object) => `{ __typename ... on ${object.name} { ${selection(object, 2)} } }`)
      : [isScalarType(named) || isEnumType(named) ? "" : `{ ${selection(named, 2)} }`];
  const variables = Object.fromEntries(args.map((arg) => [arg.name, valueFor(arg.name, arg.type, victim)]));
  const head = `${kind}${declarations ? ` (${declarations})` : ""}`;
  return selections.map((inner) => ({
    query: `${head} { ${rootField.name}${call ? `(${call})` : ""} ${inner} }`,
    variables,
  }));
}

const rootFields = [
  ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((f) => ["query", f] as const),
  ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((f) => ["mutation", f] as const),
];

/** The rule a root field names (see permissions.test.ts). */
const isPublic = (rootField: GraphQLField<unknown, unknown>) =>
  (rootField.extensions?.pothosOptions as { authScopes?: { public?: boolean } } | undefined)?.authScopes?.public ===
  true;

/** Answers an attacker may get: a refusal a client can act on, or data without the victim's. */
const REFUSALS = ["UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "BAD_USER_INPUT", "CONFLICT"];

/** The relay plugin refuses an id of the wrong type (a guessed one) before any rule runs, without a code. */
const WRONG_TYPE_ID = /^ID: \S+ is not of type: \w+$/;

describe.each(testEngines())("another organisation's data through every root field, on %s", (engine) => {
  let t: TestApp;
  let victim: Victim;
  let attackers: Record<"anonymous" | "outsider" | "otherOrganisation", string | null>;
  /** What the victim's owner reads before the sweep, compared after it. */
  let before: unknown;

  const victimView = async () =>
    field<unknown>(
      await gql(
        t,
        victim.owner.token,
        `query ($ws: ID!, $org: ID!, $issue: ID!) {
          workspace(id: $ws) { name description pipelines { id name } repositoriesConnection { nodes { repository { name } } } }
          org: node(id: $org) { ... on GantryOrganization { name members { role } } }
          issue: node(id: $issue) { ... on Issue { title body state estimate { value } labels { name } } }
        }`,
        { ws: victim.workspace, org: victim.organization, issue: victim.issue },
      ),
      "workspace",
    );

  beforeAll(async () => {
    t = await createSignUpTestApp(engine, { AUTH_RATE_LIMIT_PER_MINUTE: "100000" }, { mailer: new OutboxMailer() });
    const { owner, organization, workspace } = await workspaceTeam(t, {}, { owner: "victim" });
    const renamed = await gql(
      t,
      owner.token,
      "mutation ($id: ID!, $name: String!) { updateWorkspace(input: { workspaceId: $id, name: $name }) { workspace { gantryRepository { id } pipelines { id } } } }",
      { id: workspace, name: `${MARKER} workspace` },
    );
    const { workspace: made } = field<{ workspace: { gantryRepository: { id: string }; pipelines: { id: string }[] } }>(
      renamed,
      "updateWorkspace",
    );
    const created = await gql(
      t,
      owner.token,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: made.gantryRepository.id, title: `${MARKER} title`, body: `${MARKER} body` } },
    );
    const pipeline = made.pipelines[0]?.id;
    if (!pipeline) throw new Error("a new workspace has pipelines");
    victim = {
      owner,
      organization,
      workspace,
      repository: made.gantryRepository.id,
      issue: field<{ issue: { id: string } }>(created, "createIssue").issue.id,
      pipeline,
    };
    const outsider = await signUpUser(t, "outsider");
    const { owner: rival } = await workspaceTeam(t, {}, { owner: "rival" });
    attackers = { anonymous: null, outsider: outsider.token, otherOrganisation: rival.token };
    before = await victimView();
    expect(JSON.stringify(before)).toContain(`${MARKER} workspace`);
  });
  afterAll(() => t.close());

  it.each(
    rootFields.map(
      ([kind, rootField]) => [`${kind === "query" ? "Query" : "Mutation"}.${rootField.name}`, kind, rootField] as const,
    ),
  )("%s gives nothing of the victim's to anyone outside it", async (_name, kind, rootField) => {
    const calls = operationFor(kind, rootField, victim).flatMap((operation) =>
      Object.entries(attackers).map(([attacker, token]) => ({ ...operation, attacker, token })),
    );
    for (const { query, variables, attacker, token } of calls) {
      const answer: GraphQLAnswer = await gql(t, token, query, variables);
      const text = JSON.stringify(answer);
      expect({ attacker, leaked: text.includes(MARKER) }).toEqual({ attacker, leaked: false });
      const error = answer.errors?.[0];
      if (!error || WRONG_TYPE_ID.test(error.message)) continue;
      const code = error.extensions?.code;
      expect(REFUSALS, `${attacker}: ${code} ${error.message}`).toContain(code);
      if (token === null && !isPublic(rootField))
        expect({ attacker, code }).toEqual({ attacker, code: "UNAUTHENTICATED" });
    }
  });

  it("reveals the victim's data to the victim through the same operations, so a leak would show", async () => {
    const queryType = schema.getQueryType();
    const node = queryType?.getFields().node;
    const workspace = queryType?.getFields().workspace;
    if (!node || !workspace) throw new Error("the schema has node and workspace");
    const answers = await Promise.all(
      [...operationFor("query", node, victim), ...operationFor("query", workspace, victim)].map((operation) =>
        gql(t, victim.owner.token, operation.query, operation.variables),
      ),
    );
    expect(answers.filter((answer) => JSON.stringify(answer).includes(MARKER))).toHaveLength(2);
  });

  it("leaves the victim's organisation, workspace and issue as they were", async () => {
    expect(await victimView()).toEqual(before);
  });
});
