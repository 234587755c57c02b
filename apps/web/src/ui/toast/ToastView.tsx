import { AlertIcon, CheckCircleIcon, InfoIcon, SyncIcon, XIcon } from "@primer/octicons-react";
import { useEffect } from "react";
import styles from "./Toast.module.css";
import type { ShownToast, ToastKind } from "./toast-context";

const ICONS: Record<ToastKind, typeof InfoIcon> = {
  info: InfoIcon,
  success: CheckCircleIcon,
  error: AlertIcon,
  saving: SyncIcon,
};

export function ToastView({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id: string) => void }) {
  useEffect(() => {
    if (toast.durationMs === null) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [toast.id, toast.durationMs, onDismiss]);

  const Icon = ICONS[toast.kind];
  return (
    <div className={`${styles.toast} ${styles[toast.kind]}`} role={toast.kind === "error" ? "alert" : "status"}>
      <Icon className={styles.icon} aria-hidden />
      <span className={styles.message}>{toast.message}</span>
      {toast.action && (
        <button type="button" className={styles.action} onClick={toast.action.onPress}>
          {toast.action.label}
        </button>
      )}
      <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>
        <XIcon aria-hidden />
      </button>
    </div>
  );
}
