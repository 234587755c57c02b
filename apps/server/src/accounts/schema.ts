import { builder } from "../graphql/builder.js";
import type { SessionUser } from "./sessions.js";

const ContactIdentity = builder.objectRef<{ email: string; provider: string }>("ContactIdentity").implement({
  description: "The address Gantry writes to, and the sign-in provider it came from.",
  fields: (t) => ({
    email: t.exposeString("email"),
    provider: t.exposeString("provider"),
  }),
});

export const GantryUser = builder.node(builder.objectRef<SessionUser>("GantryUser"), {
  description: "A person with a Gantry account.",
  id: { resolve: (user) => user.id },
  // Until organisations decide who may see whom, a person can look up only themselves.
  loadMany: async (ids, context) => ids.map((id) => (context.viewer?.id === id ? context.viewer : null)),
  fields: (t) => ({
    email: t.exposeString("email", { nullable: true }),
    contactEmail: t.exposeString("email", { nullable: true }),
    name: t.string({ nullable: true, resolve: (user) => user.name || null }),
    imageUrl: t.string({ nullable: true, resolve: () => null }),
    emailVerified: t.boolean({ resolve: (user) => user.emailVerifiedAt !== null }),
    createdAt: t.field({ type: "ISO8601DateTime", resolve: (user) => user.createdAt }),
    updatedAt: t.field({ type: "ISO8601DateTime", resolve: (user) => user.updatedAt }),
    contactIdentity: t.field({
      type: ContactIdentity,
      resolve: (user) => ({ email: user.email, provider: user.identityProvider }),
    }),
  }),
});

builder.queryField("viewer", (t) =>
  t.field({
    type: GantryUser,
    description: "The signed-in person.",
    authScopes: { signedIn: true },
    resolve: (_root, _args, context) => {
      // signedIn guarantees a viewer; the check keeps the type honest.
      if (!context.viewer) throw new Error("unreachable: signedIn scope passed without a viewer");
      return context.viewer;
    },
  }),
);
