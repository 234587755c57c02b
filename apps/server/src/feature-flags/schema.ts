import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import { GantryError } from "../graphql/errors.js";
import { GantryOrganization } from "../organizations/schema.js";
import { type FlagTarget, featureFlagsFor, setFeatureFlag } from "./service.js";

function flagTarget(userId: string | undefined, organizationId: string | undefined): FlagTarget {
  if (userId !== undefined && organizationId === undefined) return { userId };
  if (organizationId !== undefined && userId === undefined) return { organizationId };
  throw new GantryError("BAD_USER_INPUT", "Give exactly one of gantryUserId and gantryOrganizationId.");
}

builder.objectField(GantryUser, "featureFlags", (t) =>
  t.stringList({
    description: "The feature flags on for this person (only readable for the viewer); a flag missing is off.",
    resolve: (user, _args, context) =>
      context.viewer?.id === user.id ? featureFlagsFor(context.db, context.config.featureFlags, user.id) : [],
  }),
);

builder.relayMutationField(
  "setFeatureFlag",
  {
    inputFields: (t) => ({
      flag: t.string({ required: true }),
      enabled: t.boolean({ required: true }),
      gantryUserId: t.globalID({ required: false, for: GantryUser }),
      gantryOrganizationId: t.globalID({ required: false, for: GantryOrganization }),
    }),
  },
  {
    description: "Switches a feature flag on or off for one person or one organisation (instance admins only).",
    authScopes: { instanceAdmin: true },
    resolve: async (_root, { input }, context) => {
      const target = flagTarget(input.gantryUserId?.id, input.gantryOrganizationId?.id);
      await setFeatureFlag(context.db, { flag: input.flag, enabled: input.enabled, target });
      return { flag: input.flag, enabled: input.enabled };
    },
  },
  {
    outputFields: (t) => ({
      flag: t.exposeString("flag"),
      enabled: t.exposeBoolean("enabled"),
    }),
  },
);
