import { CODE_HOST_NAME } from "@gantry/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { takeEarlyUserInfo } from "../app/early-app-requests";
import { useRuntimeConfig } from "../app/runtime-config";
import { authCall, loadUserInfo, type UserInfo } from "./api";
import { eraseStoredTokens, readSessionToken, storeSessionToken } from "./token-storage";

export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; token: string; info: UserInfo }
  /** A call answered 401: the session is over, and an auth warning asks to sign in again. */
  | { status: "unauthorised"; token: string }
  | { status: "load-failed"; token: string; reason: "failed" | "account-missing" | "code-host-token-invalid" };

export interface Auth {
  state: AuthState;
  /** Keeps a new session token and loads the user. */
  signIn(token: string): Promise<void>;
  /** Logout (SPEC §4): signs out on the server, clears stored state and tokens. */
  signOut(): Promise<void>;
  /** "Sign in again" (SPEC §4): logout, erase tokens, clear the error, recompute the state. */
  signInAgain(): Promise<void>;
  /** For any call that answered 401. The web app keeps stored tokens, the extension erases them (SPEC §4). */
  markUnauthorised(): void;
}

const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth needs an AuthProvider");
  return auth;
}

interface AuthProviderProps {
  children: ReactNode;
  storage?: Storage;
  /**
   * Extension mode (SPEC §4): "Sign in again" only erases the tokens and starts the extension's
   * authentication, and a 401 erases them too.
   */
  extensionSignIn?: () => void;
}

export function AuthProvider({ children, storage = window.localStorage, extensionSignIn }: AuthProviderProps) {
  const { productName } = useRuntimeConfig();
  const [state, setState] = useState<AuthState>({ status: "loading" });

  const load = useCallback(
    async (token: string | null, sent?: Promise<Response>) => {
      if (!token) {
        setState({ status: "signed-out" });
        return;
      }
      const answer = await loadUserInfo(token, productName, CODE_HOST_NAME, sent);
      switch (answer.kind) {
        case "loaded":
          setState({ status: "signed-in", token, info: answer.info });
          return;
        case "unauthorised":
          setState({ status: "unauthorised", token });
          return;
        case "account-missing":
        case "code-host-token-invalid":
          setState({ status: "load-failed", token, reason: answer.kind });
          return;
        case "failed":
          setState({ status: "load-failed", token, reason: "failed" });
      }
    },
    [productName],
  );

  useEffect(() => {
    const token = readSessionToken(storage);
    // The page's first load: the early script asked while the app's code loaded (decision 0101).
    void load(token, token ? takeEarlyUserInfo(token) : undefined);
  }, [load, storage]);

  const auth = useMemo<Auth>(() => {
    const signOut = async () => {
      const token = readSessionToken(storage);
      eraseStoredTokens(storage);
      setState({ status: "signed-out" });
      if (token) await authCall("signout", {}, token);
    };
    return {
      state,
      signIn: async (token) => {
        storeSessionToken(storage, token);
        await load(token);
      },
      signOut,
      signInAgain: async () => {
        if (extensionSignIn) {
          eraseStoredTokens(storage);
          setState({ status: "signed-out" });
          extensionSignIn();
          return;
        }
        await signOut();
        await load(readSessionToken(storage));
      },
      markUnauthorised: () => {
        if (extensionSignIn) eraseStoredTokens(storage);
        setState((current) => ("token" in current ? { status: "unauthorised", token: current.token } : current));
      },
    };
  }, [state, storage, load, extensionSignIn]);

  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
