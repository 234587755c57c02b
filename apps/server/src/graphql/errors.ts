import { GraphQLError } from "graphql";

/**
 * The codes a client can act on, carried in `extensions.code`. Features throw a
 * GantryError with one of them; anything else reaching the client is masked by Yoga
 * as an unexpected error, so internals never leak.
 */
export const ERROR_CODES = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  RATE_LIMITED: 429,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export class GantryError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    details: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...details } });
    this.name = "GantryError";
  }

  get httpStatus(): number {
    return ERROR_CODES[this.code];
  }
}
