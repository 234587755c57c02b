import type { FastifyInstance } from "fastify";

const documentationUrl = "https://docs.github.com/rest";

export interface ValidationErrorItem {
  resource: string;
  code: "missing_field" | "invalid" | "already_exists" | "custom" | "missing";
  field?: string;
  message?: string;
}

/** An error the API answers with GitHub's status and body shape. */
export class GitHubApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { message: string; documentation_url: string; errors?: ValidationErrorItem[]; status?: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export function notFound(): GitHubApiError {
  return new GitHubApiError(404, { message: "Not Found", documentation_url: documentationUrl, status: "404" });
}

export function badCredentials(): GitHubApiError {
  return new GitHubApiError(401, { message: "Bad credentials", documentation_url: documentationUrl, status: "401" });
}

export function requiresAuthentication(): GitHubApiError {
  return new GitHubApiError(401, {
    message: "Requires authentication",
    documentation_url: documentationUrl,
    status: "401",
  });
}

export function forbidden(message: string): GitHubApiError {
  return new GitHubApiError(403, { message, documentation_url: documentationUrl, status: "403" });
}

export function validationFailed(errors: ValidationErrorItem[], message = "Validation Failed"): GitHubApiError {
  return new GitHubApiError(422, { message, errors, documentation_url: documentationUrl, status: "422" });
}

export function problemsParsingJson(): GitHubApiError {
  return new GitHubApiError(400, {
    message: "Problems parsing JSON",
    documentation_url: documentationUrl,
    status: "400",
  });
}

/** Every failure leaves in one of GitHub's error shapes, never Fastify's. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof GitHubApiError) {
      return reply.code(error.status).headers(error.headers).send(error.body);
    }
    const status = typeof error === "object" && error !== null && "statusCode" in error ? error.statusCode : 500;
    if (status === 400 || status === 415) {
      const parsing = problemsParsingJson();
      return reply.code(parsing.status).send(parsing.body);
    }
    if (typeof status === "number" && status > 400 && status < 500) {
      return reply.code(status).send({
        message: error instanceof Error ? error.message : "Bad Request",
        documentation_url: documentationUrl,
        status: String(status),
      });
    }
    request.log.error(error);
    return reply.code(500).send({ message: "Server Error", documentation_url: documentationUrl, status: "500" });
  });
  app.setNotFoundHandler((_request, reply) => {
    const error = notFound();
    return reply.code(error.status).send(error.body);
  });
}
