import { CheckIcon, ChevronDownIcon, ChevronRightIcon } from "@primer/octicons-react";
import { useId, useState } from "react";
import { useAnalytics } from "../analytics/use-analytics";
import { useFlagSetting } from "../settings/use-flag-setting";
import { Button } from "../ui/Button";
import styles from "./Onboarding.module.css";
import { TUTORIALS, type Tutorial } from "./tutorials";

/** The tutorials panel: opening a tutorial records it as viewed on the account. */
export function TutorialsPanel({ onHide }: { onHide: () => void }) {
  return (
    <section className={styles.card} aria-labelledby="tutorials-title">
      <div className={styles.cardHeader}>
        <h2 id="tutorials-title" className={styles.cardTitle}>
          Tutorials
        </h2>
        <Button onClick={onHide}>Hide tutorials</Button>
      </div>
      <ul className={styles.tutorials}>
        {TUTORIALS.map((tutorial) => (
          <TutorialItem key={tutorial.viewedFlag} tutorial={tutorial} />
        ))}
      </ul>
    </section>
  );
}

function TutorialItem({ tutorial }: { tutorial: Tutorial }) {
  const [open, setOpen] = useState(false);
  const viewed = useFlagSetting(tutorial.viewedFlag);
  const analytics = useAnalytics();
  const stepsId = useId();
  const toggle = () => {
    setOpen(!open);
    if (open) return;
    analytics.track("Tutorial Opened", { tutorial: tutorial.title });
    if (viewed.on === false) {
      viewed.set(true);
      analytics.increment({ tutorials_viewed: 1 });
    }
  };
  return (
    <li className={styles.tutorial}>
      <button
        type="button"
        className={styles.tutorialToggle}
        aria-expanded={open}
        aria-controls={stepsId}
        onClick={toggle}
      >
        {open ? <ChevronDownIcon aria-hidden /> : <ChevronRightIcon aria-hidden />}
        <span className={styles.tutorialTitle}>{tutorial.title}</span>
        {viewed.on ? (
          <span className={styles.viewed}>
            <CheckIcon aria-hidden /> Viewed
          </span>
        ) : null}
      </button>
      {open ? (
        <ol id={stepsId} className={styles.steps}>
          {tutorial.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      ) : null}
    </li>
  );
}
