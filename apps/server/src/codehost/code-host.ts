import type { GraphQLContext } from "../graphql/context.js";
import { GantryError } from "../graphql/errors.js";
import { ImportRunner } from "./import-runner.js";
import type { CodeHostDeps } from "./repositories.js";

export interface CodeHost {
  deps: CodeHostDeps;
  imports: ImportRunner;
}

export function createCodeHost(deps: CodeHostDeps): CodeHost {
  return { deps, imports: new ImportRunner(deps) };
}

/** GitHub features need a GitHub connection configured on the install. */
export function requireCodeHost(context: Pick<GraphQLContext, "codeHost">): CodeHost {
  if (!context.codeHost) {
    throw new GantryError("FORBIDDEN", "GitHub is not configured on this install.", { reason: "GITHUB_DISABLED" });
  }
  return context.codeHost;
}
