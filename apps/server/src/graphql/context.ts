import type { Database } from "@gantry/db";
import type { Config } from "../config/config.js";

/** Per-request state every resolver receives. The viewer is null until sign-in exists. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  viewer: { id: string } | null;
}
