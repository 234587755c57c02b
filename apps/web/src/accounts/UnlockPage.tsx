import { UNLOCK_MESSAGES } from "@gantry/domain";
import { useNavigate, useSearchParams } from "react-router";
import { AuthLayout, FormMessage } from "./AuthLayout";
import { authCall } from "./api";
import type { LoginState } from "./navigation";
import { useRunOnce } from "./use-run-once";

/** Opened from the unlock mail: unlocks, then sends the person to /login saying how it went (SPEC §4). */
export function UnlockPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const email = search.get("email") ?? "";

  useRunOnce(() => {
    void authCall("unlock", { email, unlockToken: search.get("token") ?? "" }).then((answer) => {
      const unlocked = answer.ok || answer.error === UNLOCK_MESSAGES.notLocked;
      const state: LoginState = unlocked ? { email, accountUnlocked: true } : { email, accountUnlockFailed: true };
      navigate("/login", { replace: true, state });
    });
  });

  return (
    <AuthLayout title="Unlocking your account">
      <FormMessage kind="notice">One moment…</FormMessage>
    </AuthLayout>
  );
}
