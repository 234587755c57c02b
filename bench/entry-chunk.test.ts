/**
 * B3's first visit reads only what the board's first paint needs: the built web app's entry chunk
 * and the chunks it imports statically (what index.html loads at once) hold no dialog, bulk action,
 * saved view, issue viewer, command palette or settings page (decision 0072). Built here, into a
 * temporary directory, so the test proves the source as it is, not a stale apps/web/dist.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const WEB = path.join(import.meta.dirname, "../apps/web");

/** Read when asked for, never with the board: their source paths as the manifest names them. */
const LOADED_WHEN_ASKED = [
  "src/board/BulkActionModal.tsx",
  "src/board/CreateIssueDialog.tsx",
  "src/board/DeletePipelineDialog.tsx",
  "src/board/filters/SaveViewDialog.tsx",
  "src/sprints/SprintsSettingsModal.tsx",
  "src/issues/IssueFlyover.tsx",
  "src/issues/IssuePage.tsx",
  "src/issues/IssueDetails.tsx",
  "src/shell/command-palette/CommandPalette.tsx",
  "src/shell/ShortcutHelp.tsx",
  "src/organizations/CreateOrganizationDialog.tsx",
  "src/workspaces/CreateWorkspaceDialog.tsx",
  "src/workspaces/WorkspacePage.tsx",
  "src/reports/ReportsPage.tsx",
  "src/settings/account/AccountPage.tsx",
  "src/settings/api-keys/ApiKeysPage.tsx",
  "src/organizations/settings/OrganizationSettingsPage.tsx",
];

/** The files an entry loads at once: the entry and, transitively, what it imports statically. */
function initialFiles(manifest: Manifest, entry = "index.html"): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  return files;
}

/** Every source module (from the source maps) in the given built files; the bundler's own runtime has no map. */
function modulesIn(outDir: string, files: Set<string>): string[] {
  return [...files].flatMap((file) => {
    const mapPath = path.join(outDir, `${file}.map`);
    if (!existsSync(mapPath)) return [];
    const map = JSON.parse(readFileSync(mapPath, "utf8")) as { sources: string[] };
    return map.sources;
  });
}

describe("the web app's entry chunk", () => {
  let outDir = "";
  let manifest: Manifest = {};
  let initial = new Set<string>();

  beforeAll(async () => {
    outDir = mkdtempSync(path.join(tmpdir(), "gantry-entry-chunk-"));
    await build({
      configFile: path.join(WEB, "vite.config.ts"),
      logLevel: "silent",
      build: { outDir, emptyOutDir: true, manifest: true, minify: false },
    });
    manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
    initial = initialFiles(manifest);
  }, 300_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it("leaves out the dialogs, bulk actions, saved views, issue viewer, palette and other pages", () => {
    expect(initial.size).toBeGreaterThan(0);
    for (const source of LOADED_WHEN_ASKED) {
      const chunk = manifest[source];
      expect(chunk, `${source} has a chunk of its own`).toBeDefined();
      expect(chunk?.isDynamicEntry, `${source} is imported when asked`).toBe(true);
      expect(initial.has(chunk?.file ?? ""), `${source} is not read on the first visit`).toBe(false);
    }
  });

  it("keeps the libraries only those parts use (cmdk, the Radix dialog, recharts) out of the first visit", () => {
    const modules = modulesIn(outDir, initial);
    expect(modules.some((source) => source.includes("src/board/BoardPage.tsx"))).toBe(true);
    for (const library of ["node_modules/cmdk/", "node_modules/@radix-ui/react-dialog/", "node_modules/recharts/"]) {
      expect(
        modules.filter((source) => source.includes(library)),
        library,
      ).toEqual([]);
    }
    for (const source of ["src/board/BulkActionFields.tsx", "src/ai/labels/DraftLabelSuggestions.tsx"]) {
      expect(
        modules.filter((module) => module.endsWith(source)),
        source,
      ).toEqual([]);
    }
  });

  it("keeps the early script to its own few modules: no library, not the domain's index (decisions 0097, 0101)", () => {
    const modules = modulesIn(outDir, initialFiles(manifest, "src/early.ts")).map((source) =>
      source.replace(/^(\.\.\/)+/, ""),
    );
    expect(modules.some((source) => source.endsWith("src/app/early-app-requests.ts"))).toBe(true);
    expect(modules.filter((source) => source.includes("node_modules/") || source.includes("packages/domain/"))).toEqual(
      [],
    );
  });
});
