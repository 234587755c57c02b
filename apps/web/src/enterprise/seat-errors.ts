import { GraphQLRequestError } from "../api/graphql";

/** The server's refusal of a workspace to an enterprise user without a seat (SPEC §6). */
export function isSeatRequired(error: unknown): error is GraphQLRequestError {
  return error instanceof GraphQLRequestError && error.extensions.reason === "ENTERPRISE_SEAT_REQUIRED";
}

/** The server's refusal of every workspace while the enterprise license is missing, invalid or expired. */
export function isLicenseProblem(error: unknown): error is GraphQLRequestError {
  return error instanceof GraphQLRequestError && error.extensions.reason === "ENTERPRISE_LICENCE_PROBLEM";
}
