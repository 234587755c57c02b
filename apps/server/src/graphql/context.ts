import type { Database } from "@gantry/db";
import type { SessionUser } from "../accounts/sessions.js";
import type { Config } from "../config/config.js";

/** Per-request state every resolver receives; the viewer is null when the request carries no valid session. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  viewer: SessionUser | null;
}
