import { type Database, schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import { requireOrganizationRole } from "../organizations/access.js";

const { organizations } = schema;

/** Switches AI features on or off for the whole organisation; only its owners and admins may. */
export async function setOrganizationAiEnabled(
  deps: { db: Database; now: () => Date },
  userId: string,
  organizationId: string,
  aiEnabled: boolean,
): Promise<void> {
  await requireOrganizationRole(deps.db, organizationId, userId, "admin");
  await deps.db
    .update(organizations)
    .set({ aiEnabled, updatedAt: deps.now() })
    .where(eq(organizations.id, organizationId));
}
