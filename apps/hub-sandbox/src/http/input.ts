import type { FastifyRequest } from "fastify";
import { problemsParsingJson, validationFailed } from "./errors.js";

/**
 * Reads a JSON body field by field, answering a wrongly typed field with GitHub's 422
 * (`code: "invalid"`) and a missing required one with `code: "missing_field"`.
 */
export class BodyReader {
  constructor(
    private readonly body: Record<string, unknown>,
    private readonly resource: string,
  ) {}

  has(field: string): boolean {
    return field in this.body;
  }

  /** A field of more than one shape, for the caller to tell apart. */
  raw(field: string): unknown {
    return this.body[field];
  }

  private invalid(field: string): never {
    throw validationFailed([{ resource: this.resource, code: "invalid", field }]);
  }

  string(field: string): string | undefined {
    const value = this.body[field];
    if (value === undefined) return undefined;
    if (typeof value !== "string") this.invalid(field);
    return value;
  }

  requiredString(field: string): string {
    const value = this.string(field);
    if (value === undefined || value.trim() === "") {
      throw validationFailed([{ resource: this.resource, code: "missing_field", field }]);
    }
    return value;
  }

  nullableString(field: string): string | null | undefined {
    return this.body[field] === null ? null : this.string(field);
  }

  boolean(field: string): boolean | undefined {
    const value = this.body[field];
    if (value === undefined) return undefined;
    if (typeof value !== "boolean") this.invalid(field);
    return value;
  }

  stringArray(field: string): string[] | undefined {
    const value = this.body[field];
    if (value === undefined) return undefined;
    if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) this.invalid(field);
    return value;
  }

  nullableInteger(field: string): number | null | undefined {
    const value = this.body[field];
    if (value === undefined || value === null) return value;
    if (typeof value !== "number" || !Number.isInteger(value)) this.invalid(field);
    return value;
  }

  integer(field: string): number | undefined {
    return this.nullableInteger(field) ?? undefined;
  }

  requiredInteger(field: string): number {
    const value = this.integer(field);
    if (value === undefined) throw validationFailed([{ resource: this.resource, code: "missing_field", field }]);
    return value;
  }
}

export function readBody(request: FastifyRequest, resource: string): BodyReader {
  const body = request.body ?? {};
  if (typeof body !== "object" || Array.isArray(body)) throw problemsParsingJson();
  return new BodyReader(body as Record<string, unknown>, resource);
}

/** One query parameter as a string; a repeated parameter keeps its last value. */
export function queryParam(request: FastifyRequest, name: string): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === "string" ? last : undefined;
}
