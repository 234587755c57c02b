import { type Executor, schema } from "@gantry/db";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { eq } from "drizzle-orm";
import { heldSeat } from "../enterprise/seats.js";
import { featureFlagsFor } from "../feature-flags/service.js";
import type { SessionUser } from "./sessions.js";

/**
 * The user-info load (SPEC §7): `flags`, `user` (gh, zh) and `enterpriseSeat`. The flags are
 * the feature flags on for the person; the `zh` part is the stored user profile of SPEC §3;
 * `gh` fills in once GitHub is connected, and the seat in the enterprise edition.
 */
export async function userInfo(deps: { db: Executor; config: { featureFlags: readonly string[] } }, user: SessionUser) {
  const [github] = await deps.db.select().from(schema.githubAccounts).where(eq(schema.githubAccounts.userId, user.id));
  const seat = await heldSeat(deps.db, user.id);
  return {
    flags: await featureFlagsFor(deps.db, deps.config.featureFlags, user.id),
    user: {
      zh: {
        raptorId: user.id,
        username: user.email.split("@")[0] ?? user.email,
        name: user.name,
        avatarUrl: github?.avatarUrl ?? null,
        email: user.email,
        emailVerified: user.emailVerifiedAt !== null,
        identityProvider: user.identityProvider,
        projectManagementTool: null,
        role: null,
        teamSize: null,
        organizationSize: null,
        projectType: null,
        createdAt: user.createdAt.toISOString(),
        hasGHAccess: github !== undefined,
        mergeStatus: null,
      },
      gh: github ? { id: String(github.ghId), name: github.name ?? github.login, username: github.login } : null,
    },
    enterpriseSeat: seat ? { id: encodeGlobalID("EnterpriseSeat", seat.id), state: seat.state } : null,
  };
}
