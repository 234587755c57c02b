import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import { z } from "zod";
import { originOf } from "../audit/record.js";
import type { AccountsDeps } from "./deps.js";
import { resendVerificationEmail, verifyEmail } from "./email-verification.js";
import { AccountError } from "./errors.js";
import { generateUnlockToken, logIn, unlockAccount } from "./login.js";
import { resetPassword, sendPasswordResetEmail } from "./password-reset.js";
import { bearerToken, revokeSession, userForToken } from "./sessions.js";
import { signOutEverywhere } from "./sign-out-everywhere.js";
import { signUp } from "./signup.js";
import { MemoryAccountThrottle, RedisAccountThrottle } from "./throttle.js";
import { userInfo } from "./user-info.js";

const email = z.string().max(320);
const secret = z.string().max(1024);

const bodies = {
  signup: z.object({
    email,
    password: secret,
    hubspotUtk: z.string().max(200).optional(),
    utmParams: z.record(z.string().max(64), z.string().max(500)).optional(),
    inviteToken: z.string().max(200).optional(),
  }),
  login: z.object({ email, password: secret }),
  emailOnly: z.object({ email }),
  verifyEmail: z.object({ email, token: secret }),
  resetPassword: z.object({
    email,
    resetPasswordToken: z.string().max(1024),
    password: secret,
    passwordConfirmation: secret,
  }),
  unlock: z.object({ email, unlockToken: secret }),
};

const TOO_MANY_REQUESTS = "too many requests, please try again later.";
const NOT_AUTHED = "auth:error:not_authed";
const ACCOUNT_LIMIT = 10;
const ACCOUNT_WINDOW_MS = 60 * 60 * 1000;

export interface AuthLimits {
  perMinute: number;
  /** Several instances count together in Redis (REDIS_URL); null counts in this process only. */
  redis: Redis | null;
}

/**
 * The authentication calls of SPEC §7 as JSON endpoints under /api/auth. Each answers
 * `{ error }` with the server text of SPEC §8 when it refuses; the paths are listed in
 * docs/api/authentication.md.
 */
export async function registerAccountRoutes(
  app: FastifyInstance,
  deps: AccountsDeps,
  { perMinute, redis }: AuthLimits,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Fails open when Redis does not answer, rather than refusing every sign-in (decision 0037).
    ...(redis ? { redis, nameSpace: "gantry:auth-rate-limit:", skipOnError: true } : {}),
    errorResponseBuilder: (_req, context) => ({ statusCode: 429, error: TOO_MANY_REQUESTS, retryAfter: context.after }),
  });
  const perIp = { rateLimit: { max: perMinute, timeWindow: 60_000 } };
  // Mail-sending and password-guessing calls are also limited per address.
  const perAccount = redis
    ? new RedisAccountThrottle(redis, ACCOUNT_LIMIT, ACCOUNT_WINDOW_MS, app.log)
    : new MemoryAccountThrottle(ACCOUNT_LIMIT, ACCOUNT_WINDOW_MS);

  function post<Schema extends z.ZodType>(
    path: string,
    body: Schema,
    handler: (input: z.infer<Schema>, reply: FastifyReply, req: FastifyRequest) => Promise<unknown>,
    options: { throttleByEmail?: boolean } = {},
  ) {
    app.post(path, { config: perIp }, async (req, reply) => {
      const parsed = body.safeParse(req.body);
      if (!parsed.success) {
        return reply.code(400).send({ error: "invalid request.", issues: parsed.error.issues.map((i) => i.message) });
      }
      const input = parsed.data as { email?: string };
      if (options.throttleByEmail && input.email) {
        const wait = await perAccount.attempt(`${path}:${input.email.trim().toLowerCase()}`);
        if (wait !== null)
          return reply.code(429).header("retry-after", String(wait)).send({ error: TOO_MANY_REQUESTS });
      }
      try {
        return await handler(parsed.data, reply, req);
      } catch (error) {
        if (error instanceof AccountError)
          return reply.code(error.status).send({ error: error.serverText, ...error.details });
        throw error;
      }
    });
  }

  post("/api/auth/signup", bodies.signup, async (input, reply) => reply.code(201).send(await signUp(deps, input)), {
    throttleByEmail: true,
  });
  post("/api/auth/login", bodies.login, (input, _reply, req) => logIn(deps, input, originOf(req)), {
    throttleByEmail: true,
  });
  post("/api/auth/verify-email", bodies.verifyEmail, async (input) => {
    await verifyEmail(deps, input);
    return { verified: true };
  });
  post(
    "/api/auth/resend-verification-email",
    bodies.emailOnly,
    async (input) => {
      await resendVerificationEmail(deps, input);
      return { sent: true };
    },
    { throttleByEmail: true },
  );
  post(
    "/api/auth/password-reset-email",
    bodies.emailOnly,
    async (input) => {
      await sendPasswordResetEmail(deps, input);
      return { sent: true };
    },
    { throttleByEmail: true },
  );
  post("/api/auth/reset-password", bodies.resetPassword, async (input, _reply, req) => {
    await resetPassword(deps, input, originOf(req));
    return { reset: true };
  });
  post(
    "/api/auth/unlock-token",
    bodies.emailOnly,
    async (input) => {
      await generateUnlockToken(deps, input);
      return { sent: true };
    },
    { throttleByEmail: true },
  );
  post("/api/auth/unlock", bodies.unlock, async (input) => {
    await unlockAccount(deps, input);
    return { unlocked: true };
  });

  app.post("/api/auth/signout", { config: perIp }, async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    if (token) await revokeSession(deps, token, originOf(req));
    return reply.code(204).send();
  });

  // Only the asking session's own person: the body names no one (decision 0063).
  app.post("/api/auth/signout-everywhere", { config: perIp }, async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    const result = token ? await signOutEverywhere(deps, token, originOf(req)) : null;
    if (result?.status !== "done") return reply.code(401).send({ error: NOT_AUTHED });
    if (result.mailError) req.log.error({ err: result.mailError }, "the sign-out-everywhere mail could not be sent");
    return { ...result.revoked, mailed: !result.mailError };
  });

  app.get("/api/user-info", { config: perIp }, async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    const user = token ? await userForToken(deps, token) : null;
    if (!user) return reply.code(401).send({ error: NOT_AUTHED });
    return userInfo(deps, user);
  });
}
