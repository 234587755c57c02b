/**
 * A refusal from an account endpoint: the HTTP status and the server text of SPEC §8
 * that clients map to what they show. Routes turn it into `{ error, ...details }`.
 */
export class AccountError extends Error {
  constructor(
    readonly status: number,
    readonly serverText: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(serverText);
    this.name = "AccountError";
  }
}
