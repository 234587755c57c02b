import { useState } from "react";

/** What went wrong, in words for the person. */
export const failureMessage = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));

/**
 * An editor's save: refused locally with the shared rule's message, else sent, with the
 * server's reason kept to show beside the editor. `save` answers whether it was saved.
 */
export function useSave() {
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (invalid: string | null, send: () => Promise<unknown>): Promise<boolean> => {
    if (invalid) {
      setError(invalid);
      return false;
    }
    setSaving(true);
    try {
      await send();
      setError(null);
      return true;
    } catch (failure) {
      setError(failureMessage(failure));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { error, setError, saving, save };
}
