import { schema } from "@gantry/db";
import { testEngines } from "@gantry/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/app.js";
import { gql, makeInstanceAdmin, signUpUser, type TestUser } from "../testing/factories.js";
import { ANALYTICS_LIMITS } from "./limits.js";

const TRACK = `mutation ($event: String!, $properties: JSON) {
  analyticsTrackEvent(input: { event: $event, properties: $properties }) { success }
}`;
const ALIAS = "mutation ($alias: String!) { analyticsAlias(input: { alias: $alias }) { success } }";
const UPDATE = `mutation ($properties: JSON!) {
  analyticsUpdateUserProperties(input: { properties: $properties }) { success }
}`;
const INCREMENT = `mutation ($properties: JSON!) {
  analyticsIncrementUserProperties(input: { properties: $properties }) { success }
}`;
const EVENTS = `query ($event: String, $user: ID, $first: Int) {
  analyticsEvents(event: $event, gantryUserId: $user, first: $first) {
    totalCount nodes { event properties gantryUser { email } }
  }
}`;
const ADMIN_EMAIL = "ops@gantry.test";

describe.each(testEngines())("analytics on %s", (engine) => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(
      { REQUIRE_EMAIL_VERIFICATION: "false", AUTH_RATE_LIMIT_PER_MINUTE: "10000", GANTRY_INSTANCE_ADMINS: ADMIN_EMAIL },
      { engine },
    );
    admin = await makeInstanceAdmin(t, await signUpUser(t, "ops"), ADMIN_EMAIL);
  });
  afterAll(() => t.close());

  const propertiesOf = async (user: TestUser) => {
    const [row] = await t.database.db
      .select()
      .from(schema.analyticsUserProperties)
      .where(eq(schema.analyticsUserProperties.userId, user.userId));
    return row?.properties;
  };

  it("refuses signed-out callers", async () => {
    for (const [query, variables] of [
      [TRACK, { event: "Board Viewed" }],
      [ALIAS, { alias: "anon-1" }],
      [UPDATE, { properties: { plan: "free" } }],
      [INCREMENT, { properties: { boards_viewed: 1 } }],
      [EVENTS, {}],
    ] as const) {
      expect((await gql(t, null, query, variables)).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    }
  });

  it("refuses names, maps and values beyond the limits, storing nothing", async () => {
    const ada = await signUpUser(t, "ada");
    const tooMany = Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`p${index}`, 1]));
    const cases = [
      [TRACK, { event: "" }, "An event name is 1 to 100 letters, digits, spaces and _ . : / - characters."],
      [
        TRACK,
        { event: "x".repeat(101) },
        "An event name is 1 to 100 letters, digits, spaces and _ . : / - characters.",
      ],
      [TRACK, { event: "<script>" }, "An event name is 1 to 100 letters, digits, spaces and _ . : / - characters."],
      [TRACK, { event: "Board Viewed", properties: [1] }, "Properties must be an object of names and values."],
      [TRACK, { event: "Board Viewed", properties: tooMany }, "At most 50 properties can be sent at once."],
      [
        TRACK,
        { event: "Board Viewed", properties: { nested: { a: 1 } } },
        "A property value is a string of at most 1000 characters, a number, true, false or null.",
      ],
      [
        UPDATE,
        { properties: { bio: "x".repeat(1001) } },
        "A property value is a string of at most 1000 characters, a number, true, false or null.",
      ],
      [UPDATE, { properties: { ["k".repeat(101)]: 1 } }, "A property name is 1 to 100 characters."],
      [INCREMENT, { properties: { boards_viewed: "1" } }, "Each increment is a number between -1000000 and 1000000."],
      [INCREMENT, { properties: { boards_viewed: 1e9 } }, "Each increment is a number between -1000000 and 1000000."],
      [ALIAS, { alias: " " }, "An alias is 1 to 200 characters."],
    ] as const;
    for (const [query, variables, message] of cases) {
      const answer = await gql(t, ada.token, query, variables);
      expect(answer.errors?.[0], message).toMatchObject({ message, extensions: { code: "BAD_USER_INPUT" } });
    }
    const stored = await t.database.db
      .select()
      .from(schema.analyticsEvents)
      .where(eq(schema.analyticsEvents.userId, ada.userId));
    expect(stored).toEqual([]);
    expect(await propertiesOf(ada)).toBeUndefined();
  });

  it("lets only instance admins read the event table", async () => {
    const ada = await signUpUser(t, "ada");
    expect((await gql(t, ada.token, EVENTS)).errors?.[0]).toMatchObject({
      message: "You do not have permission to do this.",
      extensions: { code: "FORBIDDEN" },
    });
  });

  it("stores events for the admin's table, newest first, filtered by event or person", async () => {
    const ada = await signUpUser(t, "ada");
    const bob = await signUpUser(t, "bob");
    expect((await gql(t, ada.token, TRACK, { event: "Board Viewed", properties: { pipelines: 4 } })).data).toEqual({
      analyticsTrackEvent: { success: true },
    });
    await gql(t, bob.token, TRACK, { event: "Board Viewed" });
    await gql(t, ada.token, TRACK, { event: "Sprint Created", properties: { length: "2 weeks", auto: true } });

    const viewed = await gql(t, admin.token, EVENTS, { event: "Board Viewed" });
    expect(viewed.data?.analyticsEvents).toMatchObject({ totalCount: 2 });
    const adas = await gql(t, admin.token, EVENTS, { user: ada.id });
    expect(adas.data?.analyticsEvents).toEqual({
      totalCount: 2,
      nodes: [
        { event: "Sprint Created", properties: { length: "2 weeks", auto: true }, gantryUser: { email: ada.email } },
        { event: "Board Viewed", properties: { pipelines: 4 }, gantryUser: { email: ada.email } },
      ],
    });
  });

  it("sets, removes and increments user properties and links aliases once each", async () => {
    const ada = await signUpUser(t, "ada");
    await gql(t, ada.token, UPDATE, { properties: { plan: "free", role: "pm" } });
    await gql(t, ada.token, UPDATE, { properties: { role: null, team: "core" } });
    await gql(t, ada.token, INCREMENT, { properties: { boards_viewed: 2, plan: 1 } });
    expect((await gql(t, ada.token, INCREMENT, { properties: { boards_viewed: 3 } })).data).toEqual({
      analyticsIncrementUserProperties: { success: true },
    });
    expect(await propertiesOf(ada)).toEqual({ plan: 1, team: "core", boards_viewed: 5 });

    expect((await gql(t, ada.token, ALIAS, { alias: "anon-1" })).data).toEqual({ analyticsAlias: { success: true } });
    await gql(t, ada.token, ALIAS, { alias: "anon-1" });
    const aliases = await t.database.db
      .select({ alias: schema.analyticsAliases.alias })
      .from(schema.analyticsAliases)
      .where(eq(schema.analyticsAliases.userId, ada.userId));
    expect(aliases).toEqual([{ alias: "anon-1" }]);
  });

  it(`limits a person to ${ANALYTICS_LIMITS.eventsPerHour} events an hour`, async () => {
    const ada = await signUpUser(t, "ada");
    const burst = Array.from({ length: ANALYTICS_LIMITS.eventsPerHour }, () => ({ userId: ada.userId, event: "Tick" }));
    await t.database.db.insert(schema.analyticsEvents).values(burst);
    expect((await gql(t, ada.token, TRACK, { event: "Tick" })).errors?.[0]).toMatchObject({
      message: "Too many analytics events from this account; try again in an hour.",
      extensions: { code: "RATE_LIMITED" },
    });
  });
});
