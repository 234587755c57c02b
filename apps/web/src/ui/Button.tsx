import type { ComponentProps } from "react";
import styles from "./Button.module.css";

/**
 * `link`: a button that reads as a link beside other controls ("Clear selection", "Modify Sprints");
 * `inline`: one inside a sentence, underlined like the links around it ("Try again").
 */
export type ButtonVariant = "primary" | "default" | "danger" | "link" | "inline";

interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
}

export function Button({ variant = "default", className, type = "button", ...rest }: ButtonProps) {
  const look = variant === "link" || variant === "inline" ? [styles[variant]] : [styles.button, styles[variant]];
  return <button type={type} className={[...look, className].filter(Boolean).join(" ")} {...rest} />;
}
