import { createContext, useContext } from "react";

export type ToastKind = "info" | "success" | "error" | "saving";

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  /** How long the toast stays; null keeps it until dismissed. Defaults depend on the kind. */
  durationMs?: number | null;
  action?: ToastAction;
}

export interface ToastAction {
  label: string;
  onPress: () => void;
}

export interface ShownToast {
  id: string;
  kind: ToastKind;
  message: string;
  durationMs: number | null;
  action?: ToastAction;
}

export interface Toasts {
  /** Shows a toast and returns its id, for dismissing it early. */
  show: (toast: ToastRequest) => string;
  dismiss: (id: string) => void;
}

export const ToastContext = createContext<Toasts | null>(null);

export function useToasts(): Toasts {
  const toasts = useContext(ToastContext);
  if (!toasts) throw new Error("useToasts needs a <ToastProvider> above it");
  return toasts;
}
