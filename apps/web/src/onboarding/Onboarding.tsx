import { MortarBoardIcon } from "@primer/octicons-react";
import { useMemo, useState } from "react";
import { useAuth } from "../accounts/auth-context";
import { useFlagSetting } from "../settings/use-flag-setting";
import { AnnouncementPopover } from "../shell/announcements/AnnouncementPopover";
import { type PaletteCommand, useRegisterCommands } from "../shell/command-palette/command-registry";
import { ConfirmationDialog } from "../ui/dialog/ConfirmationDialog";
import styles from "./Onboarding.module.css";
import { CONNECT_REPOSITORY_TASK } from "./onboarding-tasks";
import { TutorialsPanel } from "./TutorialsPanel";
import { WelcomeCard } from "./WelcomeCard";

const TUTORIALS_ANNOUNCEMENT = {
  title: "Tutorials are here",
  message: "Three short tutorials on your home page show how boards, sprints and workflows fit together.",
  icon: <MortarBoardIcon aria-hidden />,
};

/**
 * The onboarding cards of /landing: the welcome card, the tutorials panel and its announcement.
 * Every dismissal is a saved user setting, so it holds on every device.
 */
export function Onboarding() {
  const { state } = useAuth();
  const flags = state.status === "signed-in" ? state.info.flags : [];
  const welcomed = useFlagSetting("gantry_welcome");
  const connectedRepository = useFlagSetting(CONNECT_REPOSITORY_TASK);
  const tutorialsHidden = useFlagSetting("tutorials_panel_dismissed");
  const hideWithoutAsking = useFlagSetting("hide_tutorials_confirmation_dismissed");
  const announced = useFlagSetting("tutorials_announcement_dismissed");
  const [confirmingHide, setConfirmingHide] = useState(false);

  const commands = useMemo<PaletteCommand[]>(
    () =>
      tutorialsHidden.on
        ? [
            {
              id: "show-tutorials",
              group: "Actions",
              label: "Show tutorials",
              keywords: ["help", "onboarding"],
              run: () => tutorialsHidden.set(false),
            },
          ]
        : [],
    [tutorialsHidden.on, tutorialsHidden.set],
  );
  useRegisterCommands(commands);

  const hide = () => (hideWithoutAsking.on ? tutorialsHidden.set(true) : setConfirmingHide(true));

  return (
    <div className={styles.onboarding}>
      {welcomed.on === false ? (
        <WelcomeCard onDismiss={() => welcomed.set(true)} hasConnectedRepository={connectedRepository.on === true} />
      ) : null}
      {tutorialsHidden.on === false ? <TutorialsPanel onHide={hide} /> : null}
      <AnnouncementPopover
        announcement={TUTORIALS_ANNOUNCEMENT}
        flags={flags}
        shouldShow={welcomed.on === true && tutorialsHidden.on === false && announced.on === false}
        onDismiss={() => announced.set(true)}
      />
      {confirmingHide ? (
        <ConfirmationDialog
          title="Hide the tutorials?"
          body="You can show them again from the command palette with “Show tutorials”."
          confirmText="Hide tutorials"
          offerDontShowAgain
          onCancel={() => setConfirmingHide(false)}
          onConfirm={({ dontShowAgain }) => {
            setConfirmingHide(false);
            tutorialsHidden.set(true);
            if (dontShowAgain) hideWithoutAsking.set(true);
          }}
        />
      ) : null}
    </div>
  );
}
