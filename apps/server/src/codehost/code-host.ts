import { ImportRunner } from "./import-runner.js";
import type { CodeHostDeps } from "./repositories.js";

export interface CodeHost {
  deps: CodeHostDeps;
  imports: ImportRunner;
}

export function createCodeHost(deps: CodeHostDeps): CodeHost {
  return { deps, imports: new ImportRunner(deps) };
}
