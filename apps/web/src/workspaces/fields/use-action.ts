import { useCallback, useState } from "react";

/**
 * One settings action at a time: while it runs the section's buttons are disabled, and a
 * refusal shows the server's message until the next action starts.
 */
export function useAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (action: () => Promise<unknown>): Promise<boolean> => {
    setPending(true);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : "Something went wrong.");
      return false;
    } finally {
      setPending(false);
    }
  }, []);
  return { pending, error, setError, run };
}
