import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql, signUpUser } from "../testing/factories.js";
import { MAX_SETTINGS_PER_USER } from "./service.js";

const SET = `mutation ($name: String!, $value: JSON!) {
  setUserSetting(input: { name: $name, value: $value }) { userSetting { name value } }
}`;
const READ = "{ viewer { userSettings { name value } } }";

describe.each(testEngines())("saved user settings on %s", (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000" }, { engine });
  });
  afterAll(() => t.close());

  it("refuses a signed-out caller", async () => {
    const answer = await gql(t, null, SET, { name: "gantry_welcome", value: true });
    expect(answer.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("refuses unknown names and values of the wrong type, saving nothing", async () => {
    const ada = await signUpUser(t, "ada");
    const cases = [
      ["favourite_colour", true, '"favourite_colour" is not a known user setting.', "name"],
      ["gantry_welcome", "yes", "gantry_welcome must be true or false.", "value"],
      ["webapp_theme_preference", "sepia", 'webapp_theme_preference must be "dark-mode" or "light-mode".', "value"],
      [
        "gh_users_previously_invited_to_zh",
        [1, 2],
        "gh_users_previously_invited_to_zh must be a list of at most 500 GitHub logins of 1 to 100 characters.",
        "value",
      ],
    ] as const;
    for (const [name, value, message, field] of cases) {
      const answer = await gql(t, ada.token, SET, { name, value });
      expect(answer.errors?.[0]).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT", field } });
    }
    expect((await gql(t, ada.token, READ)).data).toEqual({ viewer: { userSettings: [] } });
  });

  it("keeps each person's settings to themselves", async () => {
    const ada = await signUpUser(t, "ada");
    const bob = await signUpUser(t, "bob");
    await gql(t, ada.token, SET, { name: "gantry_welcome", value: true });
    expect((await gql(t, bob.token, READ)).data).toEqual({ viewer: { userSettings: [] } });
    const adaSeenByBob = await gql(t, bob.token, "query ($id: ID!) { node(id: $id) { id } }", { id: ada.id });
    expect(adaSeenByBob.data).toEqual({ node: null });
  });

  it("saves, replaces and reads back every kind of value, dismissals by pattern included", async () => {
    const ada = await signUpUser(t, "ada");
    const saved = await gql(t, ada.token, SET, { name: "webapp_theme_preference", value: "light-mode" });
    expect(saved.data).toEqual({
      setUserSetting: { userSetting: { name: "webapp_theme_preference", value: "light-mode" } },
    });
    await gql(t, ada.token, SET, { name: "webapp_theme_preference", value: "dark-mode" });
    await gql(t, ada.token, SET, { name: "roadmap_intro_tooltip_dismissed", value: true });
    await gql(t, ada.token, SET, { name: "gh_users_previously_invited_to_zh", value: ["octocat", "hubot", "octocat"] });
    expect((await gql(t, ada.token, READ)).data).toEqual({
      viewer: {
        userSettings: [
          { name: "gh_users_previously_invited_to_zh", value: ["octocat", "hubot"] },
          { name: "roadmap_intro_tooltip_dismissed", value: true },
          { name: "webapp_theme_preference", value: "dark-mode" },
        ],
      },
    });
  });

  it(`caps a person at ${MAX_SETTINGS_PER_USER} settings, still letting them change the ones they have`, async () => {
    const ada = await signUpUser(t, "ada");
    const dismissals = Array.from({ length: MAX_SETTINGS_PER_USER }, (_, index) => ({
      userId: ada.userId,
      name: `card_${index}_dismissed`,
      value: true,
    }));
    await t.database.db.insert(schema.userSettings).values(dismissals);
    const refused = await gql(t, ada.token, SET, { name: "one_more_dismissed", value: true });
    expect(refused.errors?.[0]).toMatchObject({
      message: `You can keep at most ${MAX_SETTINGS_PER_USER} saved settings.`,
      extensions: { code: "BAD_USER_INPUT" },
    });
    const changed = await gql(t, ada.token, SET, { name: "card_1_dismissed", value: false });
    expect(changed.errors).toBeUndefined();
  });
});
