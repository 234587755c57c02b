import { GantryError } from "../graphql/errors.js";

/** Organisation names are addresses (/settings/o/{orgName}): letters, digits, spaces, - _ . */
export function validOrganizationName(raw: string): string {
  const name = raw.trim().replace(/\s+/g, " ");
  if (name.length < 2 || name.length > 60) {
    throw new GantryError("BAD_USER_INPUT", "Organization names are 2 to 60 characters long.", { field: "name" });
  }
  if (!/^[\p{L}\p{N} _.-]+$/u.test(name)) {
    throw new GantryError(
      "BAD_USER_INPUT",
      "Organization names may contain letters, numbers, spaces, hyphens (-), underscores (_) and dots (.).",
      { field: "name" },
    );
  }
  return name;
}

export function validWorkspaceName(raw: string): string {
  const name = raw.trim();
  if (name.length < 1 || name.length > 100) {
    throw new GantryError("BAD_USER_INPUT", "Workspace names are 1 to 100 characters long.", { field: "name" });
  }
  return name;
}

export function validDescription(raw: string | null | undefined): string | null {
  const description = raw?.trim() ?? "";
  if (description.length > 1000) {
    throw new GantryError("BAD_USER_INPUT", "Descriptions are at most 1000 characters long.", { field: "description" });
  }
  return description || null;
}

/** Postgres unique violations, so a taken name reads as a clear error rather than a crash. */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === "23505";
}

/**
 * Runs a write that may meet a unique index, answering a taken name as CONFLICT with `message`
 * on `field` (`name` unless told) rather than as a crash.
 */
export async function uniqueOrConflict<T>(write: () => Promise<T>, message: string, field = "name"): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new GantryError("CONFLICT", message, { field });
    throw error;
  }
}
