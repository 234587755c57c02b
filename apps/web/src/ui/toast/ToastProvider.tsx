import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import styles from "./Toast.module.css";
import { ToastView } from "./ToastView";
import { type ShownToast, ToastContext, type ToastKind, type ToastRequest, type Toasts } from "./toast-context";

/** SPEC §9 gives 5 s for the repository-created toast; other timed toasts use the same. */
export const DEFAULT_TOAST_DURATION_MS = 5_000;

/** A "saving" toast lasts until the save ends and the caller dismisses or replaces it. */
const DEFAULT_DURATIONS: Record<ToastKind, number | null> = {
  info: DEFAULT_TOAST_DURATION_MS,
  success: DEFAULT_TOAST_DURATION_MS,
  error: DEFAULT_TOAST_DURATION_MS,
  saving: null,
};

export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<ShownToast[]>([]);
  const nextId = useRef(0);

  const dismiss = useCallback((id: string) => setShown((current) => current.filter((toast) => toast.id !== id)), []);

  const show = useCallback((request: ToastRequest) => {
    nextId.current += 1;
    const id = `toast-${nextId.current}`;
    const durationMs = request.durationMs === undefined ? DEFAULT_DURATIONS[request.kind] : request.durationMs;
    setShown((current) => [...current, { ...request, id, durationMs }]);
    return id;
  }, []);

  const toasts = useMemo<Toasts>(() => ({ show, dismiss }), [show, dismiss]);

  return (
    <ToastContext.Provider value={toasts}>
      {children}
      {/* A top layer for react-aria's modals (the issue flyover), which would otherwise make it inert. */}
      <section className={styles.region} aria-label="Notifications" data-react-aria-top-layer>
        {shown.map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}
