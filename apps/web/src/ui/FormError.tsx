import type { ReactNode } from "react";
import form from "./form.module.css";

interface FormErrorProps {
  /** Why the form or the section failed; nothing is shown while it is empty. */
  children: ReactNode;
  /** Lets the field the error is about point at it (`aria-describedby`). */
  id?: string;
}

/** A form's or a section's error, announced when it appears. */
export function FormError({ children, id }: FormErrorProps) {
  if (children === null || children === undefined || children === false || children === "") return null;
  return (
    <p id={id} className={form.error} role="alert">
      {children}
    </p>
  );
}
