import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

/**
 * Checks response bodies against GitHub's published OpenAPI description (@octokit/openapi), and
 * webhook payloads against its webhook description (@octokit/openapi-webhooks, which is current
 * where the REST description's copies of the webhook schemas lag). Each description is read once
 * per test worker, on first use, and each schema is compiled the first time a test meets it.
 */

type Method = "get" | "post" | "put" | "patch" | "delete";

interface Description {
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
  paths: Record<string, Partial<Record<Method, { responses: Record<string, unknown> }>>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

let loaded: {
  description: Description;
  ajv: Ajv;
  templates: { template: string; pattern: RegExp; literals: number }[];
} | null = null;
let loadedWebhooks: { schemas: Record<string, unknown>; ajv: Ajv } | null = null;
const validators = new Map<string, ValidateFunction>();

/** A description's component schemas registered with a fresh Ajv under the id `github`. */
function readDescription(name: string) {
  const file = createRequire(import.meta.url).resolve(name);
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (!isRecord(parsed) || !isRecord(parsed.components) || !isRecord(parsed.components.schemas)) {
    throw new Error(`${file} is not an OpenAPI description`);
  }
  // `discriminator`, `example` and `x-*` are not schema rules.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema({ components: { schemas: forAjv(parsed.components.schemas) } }, "github");
  return { parsed, schemas: parsed.components.schemas, ajv };
}

function loadWebhooks() {
  loadedWebhooks ??= readDescription("@octokit/openapi-webhooks/generated/api.github.com.json");
  return loadedWebhooks;
}

function load() {
  if (loaded) return loaded;
  const { parsed, ajv } = readDescription("@octokit/openapi/generated/api.github.com.json");
  if (!isRecord(parsed.paths)) throw new Error("@octokit/openapi's description has no paths");
  const description = parsed as unknown as Description;
  const templates = Object.keys(description.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
    literals: template.split("/").filter((segment) => segment && !segment.startsWith("{")).length,
  }));
  loaded = { description, ajv, templates };
  return loaded;
}

/**
 * Prepares OpenAPI 3.0 schema text for Ajv: local `#/components/…` references point into the
 * registered description, and `nullable` means "or null" even beside an `enum` or without a
 * `type` (GitHub's description relies on both; Ajv reads neither that way).
 */
function forAjv(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forAjv);
  if (!isRecord(schema)) return schema;
  const { nullable, ...rest } = schema;
  const converted = Object.fromEntries(
    Object.entries(nullable === true ? rest : schema).map(([key, value]) => [
      key,
      key === "$ref" && typeof value === "string" ? `github${value}` : forAjv(value),
    ]),
  );
  return nullable === true ? { anyOf: [converted, { type: "null" }] } : converted;
}

/** The path template a concrete path belongs to, preferring the one with most fixed segments. */
export function templateOf(path: string): string {
  const matches = load().templates.filter(({ pattern }) => pattern.test(path));
  const best = matches.sort((a, b) => b.literals - a.literals)[0];
  if (!best) throw new Error(`GitHub's OpenAPI description has no path matching ${path}`);
  return best.template;
}

function responseSchema(method: Method, template: string, status: number): unknown | null {
  const { description } = load();
  const operation = description.paths[template]?.[method];
  if (!operation) throw new Error(`GitHub's OpenAPI description has no ${method.toUpperCase()} ${template}`);
  let response = operation.responses[String(status)];
  if (response === undefined) {
    // Errors an operation does not list still come in GitHub's basic error shape.
    if (status >= 400) return { $ref: "#/components/schemas/basic-error" };
    throw new Error(`${method.toUpperCase()} ${template} does not document status ${status}`);
  }
  if (isRecord(response) && typeof response.$ref === "string") {
    response = description.components.responses[response.$ref.replace("#/components/responses/", "")];
  }
  const content = isRecord(response) && isRecord(response.content) ? response.content["application/json"] : undefined;
  if (isRecord(content) && "schema" in content) return content.schema;
  // Some errors are listed with only a description, yet GitHub still answers them with a body.
  return status >= 400 ? { $ref: "#/components/schemas/basic-error" } : null;
}

/**
 * Throws unless `body` is what GitHub documents for this method, path and status.
 * `path` is the request path below the API base, e.g. `/repos/acme/web-app/issues`.
 */
export function assertGitHubResponse(method: string, path: string, status: number, body: unknown): void {
  if (status === 304) return;
  const verb = method.toLowerCase() as Method;
  const template = templateOf(path);
  const key = `${verb} ${template} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = responseSchema(verb, template, status);
    if (schema === null) {
      if (body !== undefined && body !== "" && body !== null) {
        throw new Error(`${key} documents no body, but one came: ${JSON.stringify(body).slice(0, 200)}`);
      }
      return;
    }
    validate = load().ajv.compile(forAjv(schema) as object);
    validators.set(key, validate);
  }
  if (!validate(body)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || "/"} ${error.message}`);
    throw new Error(`${key} does not match GitHub's OpenAPI description:\n  ${errors.join("\n  ")}`);
  }
}

/**
 * Throws unless a webhook payload is what GitHub documents for the event and action, e.g.
 * `issues` + `opened` against `webhook-issues-opened`, `pull_request` + `review_requested` against
 * `webhook-pull-request-review-requested`, `ping` against `webhook-ping`.
 */
export function assertGitHubWebhook(event: string, action: string | undefined, payload: unknown): void {
  const name = ["webhook", event, action].filter(Boolean).join("-").replace(/_/g, "-");
  const webhooks = loadWebhooks();
  if (!(name in webhooks.schemas)) {
    throw new Error(`GitHub's webhook description has no schema ${name}`);
  }
  let validate = validators.get(`webhook ${name}`);
  if (!validate) {
    validate = webhooks.ajv.compile({ $ref: `github#/components/schemas/${name}` });
    validators.set(`webhook ${name}`, validate);
  }
  if (!validate(payload)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath || "/"} ${error.message}`);
    throw new Error(`${name} payload does not match GitHub's webhook description:\n  ${errors.join("\n  ")}`);
  }
}
