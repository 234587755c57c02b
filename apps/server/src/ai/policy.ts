import { type Executor, schema } from "@gantry/db";
import { eq } from "drizzle-orm";
import type { AiEndpointConfig, Config } from "../config/config.js";

const { organizations } = schema;

/**
 * What AI features may do for one organisation. Every AI feature asks this before it
 * reads issue text: `enabled` false means none may run (the admin's switch), and only
 * with an `endpoint` may issue text leave this server.
 */
export interface AiPolicy {
  enabled: boolean;
  endpoint: AiEndpointConfig | null;
}

/** The language model this install is configured to ask, or null (nothing is sent anywhere). */
export function aiEndpoint(config: Pick<Config, "ai">): AiEndpointConfig | null {
  return config.ai;
}

/** Whether the organisation's admins left AI features on (they are on unless switched off). */
export async function isAiEnabledForOrganization(db: Executor, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ aiEnabled: organizations.aiEnabled })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.aiEnabled ?? false;
}

export async function aiPolicy(db: Executor, config: Pick<Config, "ai">, organizationId: string): Promise<AiPolicy> {
  const enabled = await isAiEnabledForOrganization(db, organizationId);
  return { enabled, endpoint: enabled ? aiEndpoint(config) : null };
}
