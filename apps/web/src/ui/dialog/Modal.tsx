import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { focusableWithin, trapTabKey } from "../focus";
import hidden from "../visually-hidden.module.css";
import styles from "./Modal.module.css";

/** standard 480px, medium 500px (SPEC §9: the test repository modal), wide 760px. */
export type ModalWidth = "standard" | "medium" | "wide";

export interface ModalProps {
  title: ReactNode;
  onDismiss: () => void;
  width?: ModalWidth;
  /** Off by default: a dialog asks for an explicit choice, so a stray click outside does not close it. */
  dismissOnOutsideClick?: boolean;
  /** Names the dialog for screen readers without showing the title. */
  titleHidden?: boolean;
  children: ReactNode;
}

/** A modal dialog: focus moves in and stays in, Escape dismisses, focus returns where it was on close. */
export function Modal({
  title,
  onDismiss,
  width = "standard",
  dismissOnOutsideClick = false,
  titleHidden = false,
  children,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const target = (dialog && focusableWithin(dialog)[0]) ?? dialog;
    target?.focus();
    return () => previouslyFocused?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onDismiss();
    } else if (dialogRef.current) {
      trapTabKey(event, dialogRef.current);
    }
  };

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    // Keeps focus in the dialog, so Escape and Tab still reach it after a click outside.
    event.preventDefault();
    if (dismissOnOutsideClick) onDismiss();
  };

  return createPortal(
    // A top layer for react-aria's modals (the issue flyover): they leave it visible, focusable and clickable.
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop only listens for clicks outside the dialog; keyboard users dismiss with Escape.
    <div className={styles.backdrop} onMouseDown={onBackdropMouseDown} data-react-aria-top-layer>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[width]}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={titleHidden ? hidden.hidden : styles.title}>
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
