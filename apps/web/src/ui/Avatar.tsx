import styles from "./Avatar.module.css";

/** Up to two letters standing in for a missing picture: "Acme Labs" → "AL", "octo" → "O". */
export function initials(name: string): string {
  const words = name
    .replace(/^@/, "")
    .split(/[\s_.-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: "small" | "medium";
}

/** A square picture of an organisation or account, or its initials when it has none. Decorative: the name is shown beside it. */
export function Avatar({ name, src, size = "small" }: AvatarProps) {
  const className = `${styles.avatar} ${styles[size]}`;
  if (src) return <img className={className} src={src} alt="" />;
  return (
    <span className={className} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
