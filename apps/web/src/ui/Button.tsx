import type { ComponentProps } from "react";
import styles from "./Button.module.css";

/** `link`: a button that reads as a link in running text ("Clear selection", "Modify Sprints"). */
export type ButtonVariant = "primary" | "default" | "danger" | "link";

interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
}

export function Button({ variant = "default", className, type = "button", ...rest }: ButtonProps) {
  const look = variant === "link" ? [styles.link] : [styles.button, styles[variant]];
  return <button type={type} className={[...look, className].filter(Boolean).join(" ")} {...rest} />;
}
