import { randomUUID } from "node:crypto";
import { testEngines } from "@gantry/db/testing";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../testing/app.js";
import { createOrganization, gql, makeInstanceAdmin, signUpUser, type TestUser } from "../testing/factories.js";
import { createAppWithInstanceAdmin } from "../testing/team.js";

const SET_FLAG = `mutation ($flag: String!, $enabled: Boolean!, $user: ID, $org: ID) {
  setFeatureFlag(input: { flag: $flag, enabled: $enabled, gantryUserId: $user, gantryOrganizationId: $org }) { flag enabled }
}`;
const ADMIN_EMAIL = "ops@gantry.test";

async function flagsOf(t: TestApp, user: TestUser) {
  const loaded = await t.app.inject({ url: "/api/user-info", headers: { authorization: `Bearer ${user.token}` } });
  const viewer = await gql(t, user.token, "{ viewer { featureFlags } }");
  const fromGraphQL = (viewer.data as { viewer: { featureFlags: string[] } }).viewer.featureFlags;
  expect(loaded.json().flags).toEqual(fromGraphQL);
  return fromGraphQL;
}

describe.each(testEngines())("feature flags on %s", (engine) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    ({ t, admin } = await createAppWithInstanceAdmin(
      engine,
      { email: ADMIN_EMAIL, label: "ops" },
      { GANTRY_FEATURE_FLAGS: "roadmap_v2" },
    ));
  });
  afterAll(() => t.close());

  it("delivers the install's defaults with the user-info load and on the viewer", async () => {
    expect(await flagsOf(t, await signUpUser(t, "ada"))).toEqual(["roadmap_v2"]);
  });

  it("lets only instance admins set flags", async () => {
    const ada = await signUpUser(t, "ada");
    const variables = { flag: "ai-labels", enabled: true, user: ada.id };
    expect((await gql(t, null, SET_FLAG, variables)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await gql(t, ada.token, SET_FLAG, variables)).errors?.[0]).toMatchObject({
      message: "You do not have permission to do this.",
      extensions: { code: "FORBIDDEN" },
    });
    // An unverified account with the admin's address is not the admin.
    const pretender = await signUpUser(t, "pretender");
    await makeInstanceAdmin(t, pretender, "ops-unverified@gantry.test");
    expect((await gql(t, pretender.token, SET_FLAG, variables)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("refuses a bad flag name, a missing or double target, and an unknown person", async () => {
    const ada = await signUpUser(t, "ada");
    const org = await createOrganization(t, ada);
    const bad = [
      [
        { flag: "AI Labels", enabled: true, user: ada.id },
        "A feature flag is up to 64 lower-case letters and digits in words joined by _ or -.",
      ],
      [{ flag: "ai-labels", enabled: true }, "Give exactly one of gantryUserId and gantryOrganizationId."],
      [
        { flag: "ai-labels", enabled: true, user: ada.id, org },
        "Give exactly one of gantryUserId and gantryOrganizationId.",
      ],
    ] as const;
    for (const [variables, message] of bad) {
      const answer = await gql(t, admin.token, SET_FLAG, variables);
      expect(answer.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
    }
    const ghost = encodeGlobalID("GantryUser", randomUUID());
    const missing = await gql(t, admin.token, SET_FLAG, { flag: "ai-labels", enabled: true, user: ghost });
    expect(missing.errors?.[0]).toMatchObject({
      message: "This user does not exist.",
      extensions: { code: "NOT_FOUND" },
    });
  });

  it("switches flags on per person and per organisation, and off again", async () => {
    const ada = await signUpUser(t, "ada");
    const bob = await signUpUser(t, "bob");
    const org = await createOrganization(t, ada);
    const on = await gql(t, admin.token, SET_FLAG, { flag: "ai-labels", enabled: true, user: bob.id });
    expect(on.data).toEqual({ setFeatureFlag: { flag: "ai-labels", enabled: true } });
    await gql(t, admin.token, SET_FLAG, { flag: "ai-labels", enabled: true, user: bob.id });
    await gql(t, admin.token, SET_FLAG, { flag: "planning_panel", enabled: true, org });
    expect(await flagsOf(t, ada)).toEqual(["planning_panel", "roadmap_v2"]);
    expect(await flagsOf(t, bob)).toEqual(["ai-labels", "roadmap_v2"]);

    await gql(t, admin.token, SET_FLAG, { flag: "ai-labels", enabled: false, user: bob.id });
    await gql(t, admin.token, SET_FLAG, { flag: "planning_panel", enabled: false, org });
    expect(await flagsOf(t, ada)).toEqual(["roadmap_v2"]);
    expect(await flagsOf(t, bob)).toEqual(["roadmap_v2"]);
  });
});
