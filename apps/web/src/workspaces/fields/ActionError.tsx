import form from "../../ui/form.module.css";

/** The section's last refusal, if any. */
export function ActionError({ message }: { message: string | null }) {
  return message ? (
    <p className={form.error} role="alert">
      {message}
    </p>
  ) : null;
}
