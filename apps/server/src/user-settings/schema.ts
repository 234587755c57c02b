import { GantryUser } from "../accounts/schema.js";
import { builder } from "../graphql/builder.js";
import { signedInMutation } from "../graphql/signed-in-mutation.js";
import { setUserSetting, type UserSetting, userSettingsOf } from "./service.js";

const UserSettingRef = builder.objectRef<UserSetting>("UserSetting").implement({
  description: "A saved user settings flag (a dismissal, the theme, a list of invited logins).",
  fields: (t) => ({
    name: t.exposeString("name"),
    value: t.field({ type: "JSON", resolve: (setting) => setting.value }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (setting) => setting.updatedAt }),
  }),
});

builder.objectField(GantryUser, "userSettings", (t) =>
  t.field({
    type: [UserSettingRef],
    description: "Every saved setting of this person (only readable for the viewer); a missing flag is unset.",
    resolve: (user, _args, context) => (context.viewer?.id === user.id ? userSettingsOf(context.db, user.id) : []),
  }),
);

signedInMutation(
  "setUserSetting",
  { inputFields: (t) => ({ name: t.string({ required: true }), value: t.field({ type: "JSON", required: true }) }) },
  {
    run: async (input, context, viewer) => ({
      userSetting: await setUserSetting(context, viewer.id, { name: input.name, value: input.value }),
    }),
  },
  {
    outputFields: (t) => ({
      userSetting: t.field({ type: UserSettingRef, resolve: (payload) => payload.userSetting }),
    }),
  },
);
