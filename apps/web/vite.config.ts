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

/**
 * src/early.ts as a script of its own, which index.html loads `async` ahead of the app's entry: the
 * board's first request leaves while the app's code still loads (decision 0082). The
 * Content-Security-Policy allows no inline script, so it is a file; in development, the source.
 */
function earlyScript(): Plugin {
  const source = "src/early.ts";
  let base = "/";
  return {
    name: "gantry-early-script",
    config: () => ({
      build: {
        rollupOptions: {
          input: { index: join(import.meta.dirname, "index.html"), early: join(import.meta.dirname, source) },
        },
      },
    }),
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        const built = Object.values(context.bundle ?? {}).find(
          (output) => output.type === "chunk" && output.isEntry && output.name === "early",
        );
        const src = context.bundle ? (built ? `${base}${built.fileName}` : null) : `${base}${source}`;
        return src ? [{ tag: "script", attrs: { type: "module", async: true, src }, injectTo: "head-prepend" }] : [];
      },
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [writeBuildId(), earlyScript()],
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
