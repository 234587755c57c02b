import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isUnionType,
} from "graphql";
import { escapeHtml } from "../../mail/outbox-route.js";

const anchor = (name: string) => `type-${name}`;
/** GraphQL's own scalars get no section of their own, so no link either. */
const BUILT_IN_SCALARS = new Set(["String", "Int", "Float", "Boolean", "ID"]);

/** A type reference such as `[Issue!]!`, its named type linked to its section. */
function typeLink(type: { toString(): string }, named: GraphQLNamedType): string {
  const text = escapeHtml(type.toString());
  if (BUILT_IN_SCALARS.has(named.name)) return `<code>${text}</code>`;
  const name = escapeHtml(named.name);
  return `<code>${text.replace(name, `<a href="#${anchor(named.name)}">${name}</a>`)}</code>`;
}

const description = (text: string | null | undefined) => (text ? `<p>${escapeHtml(text)}</p>` : "");

function argumentList(args: readonly GraphQLArgument[]): string {
  if (args.length === 0) return "";
  const items = args.map(
    (arg) =>
      `<li><code>${escapeHtml(arg.name)}</code>: ${typeLink(arg.type, getNamedType(arg.type))}${arg.description ? ` — ${escapeHtml(arg.description)}` : ""}</li>`,
  );
  return `<ul class="args">${items.join("")}</ul>`;
}

function fieldRows(fields: (GraphQLField<unknown, unknown> | GraphQLInputField)[]): string {
  const rows = fields.map((field) => {
    const args = "args" in field ? argumentList(field.args) : "";
    const deprecated = field.deprecationReason
      ? `<p class="deprecated">Deprecated: ${escapeHtml(field.deprecationReason)}</p>`
      : "";
    return `<tr><td><code>${escapeHtml(field.name)}</code></td><td>${typeLink(field.type, getNamedType(field.type))}</td><td>${description(field.description)}${args}${deprecated}</td></tr>`;
  });
  return `<table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function kindOf(type: GraphQLNamedType): string {
  if (isObjectType(type)) return "type";
  if (isInterfaceType(type)) return "interface";
  if (isUnionType(type)) return "union";
  if (isEnumType(type)) return "enum";
  if (isInputObjectType(type)) return "input";
  return "scalar";
}

function typeSection(type: GraphQLNamedType): string {
  let body = "";
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
    body = fieldRows(Object.values(type.getFields()));
  } else if (isUnionType(type)) {
    body = `<p>One of ${type
      .getTypes()
      .map((member) => typeLink(member, member))
      .join(", ")}.</p>`;
  } else if (isEnumType(type)) {
    body = `<ul>${type
      .getValues()
      .map(
        (value) =>
          `<li><code>${escapeHtml(value.name)}</code>${value.description ? ` — ${escapeHtml(value.description)}` : ""}</li>`,
      )
      .join("")}</ul>`;
  }
  return `<section id="${anchor(type.name)}"><h2><span class="kind">${kindOf(type)}</span> ${escapeHtml(type.name)}</h2>${description(type.description)}${body}</section>`;
}

/**
 * The API reference, generated from the schema the server runs, so it cannot drift from it:
 * Query and Mutation first, then every other type by name, each field with its arguments and description.
 */
export function referencePage(schema: GraphQLSchema, productName: string): string {
  const roots = [schema.getQueryType(), schema.getMutationType()].filter((type) => type !== null && type !== undefined);
  const others = Object.values(schema.getTypeMap())
    .filter(
      (type) => !type.name.startsWith("__") && !roots.includes(type as never) && type !== schema.getSubscriptionType(),
    )
    .filter((type) => !isScalarType(type) || !BUILT_IN_SCALARS.has(type.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const index = [...roots, ...others]
    .map((type) => `<li><a href="#${anchor(type.name)}">${escapeHtml(type.name)}</a></li>`)
    .join("");
  return docsPage(
    `${productName} GraphQL API reference`,
    `<p>Every type and field of <code>POST /public/graphql</code>, generated from the running schema. New here? Read <a href="/docs/api/getting-started">Getting started</a>.</p>
<nav aria-label="Types"><ul class="index">${index}</ul></nav>
${[...roots, ...others].map(typeSection).join("\n")}`,
  );
}

/** The frame both docs pages share; the stylesheet is served beside them (the CSP allows no inline styles). */
export function docsPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/docs/api/docs.css"></head>
<body><header><a href="/docs/api/getting-started">Getting started</a> <a href="/docs/api">Reference</a> <a href="/settings/api-keys">Your API keys</a></header>
<main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>`;
}
