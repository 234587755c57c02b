import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config/config.js";

/** Resolves from src/ and dist/ alike: apps/server/{src,dist}/http → apps/web/dist. */
export const defaultWebDistDir = fileURLToPath(new URL("../../../web/dist", import.meta.url));

const CONFIG_PLACEHOLDER = "<!--gantry-runtime-config-->";

/** What the browser needs to know before its first request, per install. */
export function runtimeConfig(config: Config) {
  return {
    productName: config.productName,
    edition: config.edition,
    supportEmail: config.supportEmail,
    statusFeedUrl: config.statusFeedUrl,
    troubleshootingUrl: config.troubleshootingUrl,
  };
}

export function readBuildId(distDir: string): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(distDir, "build.json"), "utf8"));
    if (parsed && typeof parsed === "object" && "buildId" in parsed && typeof parsed.buildId === "string") {
      return parsed.buildId;
    }
  } catch {
    // Not built yet: the server still answers the API.
  }
  return "development";
}

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * Serves the built single-page app: hashed assets cached for good, and index.html for
 * every other page address (history fallback) with the install's settings in a meta tag,
 * because the Content-Security-Policy forbids inline scripts.
 */
export async function registerWebApp(app: FastifyInstance, config: Config, distDir: string): Promise<void> {
  const indexPath = join(distDir, "index.html");
  const built = existsSync(indexPath);
  if (!built) app.log.warn({ distDir }, "the web app is not built; run `npm run build` to serve it");

  const settings = escapeAttribute(JSON.stringify(runtimeConfig(config)));
  const indexHtml = built
    ? readFileSync(indexPath, "utf8").replace(CONFIG_PLACEHOLDER, `<meta name="gantry-config" content="${settings}">`)
    : "";

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      // Routes for the files present at start: anything else falls through to the page handler.
      wildcard: false,
      setHeaders: (reply, path) => {
        if (path.includes(`${join(distDir, "assets")}`)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? "/";
    const isPage = (req.method === "GET" || req.method === "HEAD") && !/\.[a-z0-9]+$/i.test(path);
    if (!isPage || path.startsWith("/graphql")) {
      return reply.code(404).send({ error: "Not Found", message: `No route for ${req.method} ${path}` });
    }
    if (!built) {
      return reply.code(503).type("text/plain").send("The web app is not built yet: run `npm run build`.");
    }
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").send(indexHtml);
  });
}
