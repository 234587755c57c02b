/** The answer of an authentication call: its JSON on success, or the server text of SPEC §8. */
export type AuthAnswer<Data> = { ok: true; data: Data } | { ok: false; status: number; error: string | undefined };

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** POSTs to an /api/auth endpoint; a network failure reads as status 0 with no server text. */
export async function authCall<Data = Record<string, unknown>>(
  path: string,
  body: object,
  token?: string | null,
): Promise<AuthAnswer<Data>> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
  if (response.status === 204) return { ok: true, data: {} as Data };
  const json = await readJson(response);
  if (response.ok) return { ok: true, data: json as Data };
  return { ok: false, status: response.status, error: typeof json.error === "string" ? json.error : undefined };
}

export interface SignUpAnswer {
  authenticated: boolean;
  email?: string;
  token?: string;
}

export interface LoginAnswer {
  token: string;
  expiresAt: string;
}

/** The stored user profile of SPEC §3, as the user-info load returns it. */
export interface UserProfile {
  raptorId: string;
  username: string;
  name: string;
  avatarUrl: string | null;
  email: string;
  emailVerified: boolean;
  identityProvider: string;
  createdAt: string;
  hasGHAccess: boolean;
}

export interface UserInfo {
  flags: string[];
  user: { zh: UserProfile; gh: { id: string; name: string; username: string } | null };
  enterpriseSeat: { id: string } | null;
}

export type UserInfoAnswer =
  | { kind: "loaded"; info: UserInfo }
  | { kind: "unauthorised" }
  | { kind: "account-missing" }
  | { kind: "code-host-token-invalid" }
  | { kind: "failed" };

/**
 * The user-info load with SPEC §8 "User load": the two special errors are told apart, a 401
 * (or "auth:error:not_authed") is only logged, anything else is a failed load.
 */
export async function loadUserInfo(
  token: string,
  productName: string,
  codeHostName: string,
  /** The same request's answer, already sent (the early script's, decision 0101). */
  sent?: Promise<Response>,
): Promise<UserInfoAnswer> {
  try {
    const response = await (sent ?? fetch("/api/user-info", { headers: { authorization: `Bearer ${token}` } }));
    if (response.ok) return { kind: "loaded", info: (await response.json()) as UserInfo };
    const { error } = await readJson(response);
    if (response.status === 401 || error === "auth:error:not_authed") {
      console.info("user info: not authenticated");
      return { kind: "unauthorised" };
    }
    if (error === `${productName.toLowerCase()}user does not exist`) return { kind: "account-missing" };
    if (error === `no valid ${codeHostName.toLowerCase()} token found`) return { kind: "code-host-token-invalid" };
    console.error("Error fetching user details", error);
    return { kind: "failed" };
  } catch (error) {
    console.error("Error fetching user details", error);
    return { kind: "failed" };
  }
}
