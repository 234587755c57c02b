import { isFlagOn } from "@gantry/domain";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "../../ui/Button";
import overlay from "../../ui/overlay.module.css";
import styles from "./AnnouncementPopover.module.css";

/** SPEC §9: the popover appears 1 s after it should show, and reports its dismissal 1 s after closing. */
export const ANNOUNCEMENT_DELAY_MS = 1_000;

export interface Announcement {
  title: string;
  message: ReactNode;
  icon?: ReactNode;
  screenshot?: { src: string; alt: string };
  /** Shown only to people with this feature flag on. */
  featureFlag?: string;
}

interface AnnouncementPopoverProps {
  announcement: Announcement;
  /** The viewer's feature flags. */
  flags: readonly string[];
  shouldShow: boolean;
  onDismiss: () => void;
}

type Stage = "waiting" | "shown" | "closed";

/** The confetti announcement popover (SPEC §2 "Other screen parts"). */
export function AnnouncementPopover({ announcement, flags, shouldShow, onDismiss }: AnnouncementPopoverProps) {
  const titleId = useId();
  const [stage, setStage] = useState<Stage>("waiting");
  const allowed = !announcement.featureFlag || isFlagOn(flags, announcement.featureFlag);

  useEffect(() => {
    if (stage !== "waiting" || !shouldShow || !allowed) return;
    const timer = setTimeout(() => setStage("shown"), ANNOUNCEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stage, shouldShow, allowed]);

  useEffect(() => {
    if (stage !== "closed") return;
    const timer = setTimeout(onDismiss, ANNOUNCEMENT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stage, onDismiss]);

  if (stage !== "shown") return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") setStage("closed");
  };

  return (
    <section
      className={`${overlay.overlay} ${styles.popover}`}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      <div className={styles.confetti} aria-hidden>
        {Array.from({ length: 12 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are identical and never reorder.
          <span key={index} className={styles.piece} />
        ))}
      </div>
      <div className={styles.heading}>
        {announcement.icon}
        <h2 id={titleId} className={styles.title}>
          {announcement.title}
        </h2>
      </div>
      <div className={styles.message}>{announcement.message}</div>
      {announcement.screenshot && (
        <img className={styles.screenshot} src={announcement.screenshot.src} alt={announcement.screenshot.alt} />
      )}
      <div className={styles.actions}>
        <Button variant="primary" onClick={() => setStage("closed")}>
          Got it
        </Button>
      </div>
    </section>
  );
}
