import { schema } from "@gantry/db";
import { inArray } from "drizzle-orm";
import { builder } from "../graphql/builder.js";
import { signedInViewer } from "../graphql/context.js";
import { sharesOrganization } from "../organizations/queries.js";
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
  // People can look up themselves and those they share an organisation with.
  loadMany: async (ids, context) => {
    if (!context.viewer) return ids.map(() => null);
    const visible = await sharesOrganization(context.db, context.viewer.id, ids);
    const found = await context.db
      .select()
      .from(schema.users)
      .where(inArray(schema.users.id, [...visible]));
    return ids.map((id) => found.find((user) => user.id === id) ?? null);
  },
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
    resolve: (_root, _args, context) => signedInViewer(context),
  }),
);
