import { execSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { defaultClientConditions, defineConfig, type Plugin } from "vite";

function gitRevision(): string {
  try {
    return execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "unversioned";
  }
}

/** A build id per build: the running page compares it with /version.json's to offer a reload. */
const buildId = `${gitRevision()}-${Date.now().toString(36)}`;

function writeBuildId(): Plugin {
  let outDir = "dist";
  return {
    name: "gantry-build-id",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      writeFileSync(join(outDir, "build.json"), `${JSON.stringify({ buildId })}\n`);
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [writeBuildId()],
  define: { __GANTRY_BUILD_ID__: JSON.stringify(buildId) },
  resolve: { conditions: ["@gantry/source", ...defaultClientConditions] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router marks its modules "use client" for server components; a plain SPA bundle ignores it.
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: {
      "/graphql": "http://localhost:3000",
      "/ping": "http://localhost:3000",
      "/version.json": "http://localhost:3000",
    },
  },
});
