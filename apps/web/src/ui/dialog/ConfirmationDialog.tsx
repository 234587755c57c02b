import { type FormEvent, type ReactNode, useId, useState } from "react";
import { FormActions } from "../FormActions";
import form from "../form.module.css";
import styles from "./ConfirmationDialog.module.css";
import { Modal, type ModalWidth } from "./Modal";

export interface TypeToConfirm {
  /** The exact text the person must type before Confirm is enabled. */
  answer: string;
  label: ReactNode;
}

export interface ConfirmationDialogProps {
  title: string;
  body: ReactNode;
  /** Shown in a highlighted box under the body, e.g. what will be deleted. */
  details?: ReactNode;
  cancelText?: string;
  confirmText?: string;
  danger?: boolean;
  width?: ModalWidth;
  /** Offers "Don’t show me this again"; the choice reaches `onConfirm`. */
  offerDontShowAgain?: boolean;
  typeToConfirm?: TypeToConfirm;
  dismissOnOutsideClick?: boolean;
  onConfirm: (choice: { dontShowAgain: boolean }) => void;
  onCancel: () => void;
}

/** SPEC §2 "Generic confirmation dialog". */
export function ConfirmationDialog({
  title,
  body,
  details,
  cancelText = "Cancel",
  confirmText = "Confirm",
  danger = false,
  width = "standard",
  offerDontShowAgain = false,
  typeToConfirm,
  dismissOnOutsideClick = false,
  onConfirm,
  onCancel,
}: ConfirmationDialogProps) {
  const [typed, setTyped] = useState("");
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const inputId = useId();
  const canConfirm = !typeToConfirm || typed === typeToConfirm.answer;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canConfirm) onConfirm({ dontShowAgain });
  };

  return (
    <Modal title={title} onDismiss={onCancel} width={width} dismissOnOutsideClick={dismissOnOutsideClick}>
      <form className={form.form} onSubmit={onSubmit}>
        <div className={styles.body}>{body}</div>
        {details && <div className={styles.details}>{details}</div>}
        {typeToConfirm && (
          <div className={form.field}>
            <label htmlFor={inputId}>{typeToConfirm.label}</label>
            <input
              id={inputId}
              className={styles.input}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        )}
        {offerDontShowAgain && (
          <label className={styles.checkbox}>
            <input
              type="checkbox"
              checked={dontShowAgain}
              onChange={(event) => setDontShowAgain(event.target.checked)}
            />
            Don’t show me this again
          </label>
        )}
        <FormActions
          submitText={confirmText}
          onCancel={onCancel}
          cancelText={cancelText}
          disabled={!canConfirm}
          danger={danger}
        />
      </form>
    </Modal>
  );
}
