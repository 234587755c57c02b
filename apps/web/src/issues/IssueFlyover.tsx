import { XIcon } from "@primer/octicons-react";
import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { useLocation, useNavigate, useParams } from "react-router";
import { boardPath } from "../board/paths";
import styles from "./Issue.module.css";
import { InvalidIssueNumber, IssueView } from "./IssueView";
import { issueTargetOf } from "./issue-routes";

/**
 * An issue over its board (SPEC §2 "Issue viewer"): a side panel at the issue's own address, so
 * it can be shared and survives a reload. Escape, a click outside or Close go back to the board,
 * and focus returns to the card it was opened from.
 */
export function IssueFlyover() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = issueTargetOf(params);
  const close = () => navigate({ pathname: boardPath(params.workspaceId ?? ""), search: location.search });

  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(isOpen) => isOpen || close()} className={styles.flyoverOverlay}>
      <Modal className={styles.flyover}>
        <Dialog className={styles.flyoverDialog} aria-label={`Issue #${params.issueNumber ?? ""}`}>
          <div className={styles.flyoverBar}>
            <button type="button" className={styles.close} onClick={close} aria-label="Close">
              <XIcon aria-hidden />
            </button>
          </div>
          {target ? (
            // A new tab has no board behind it, so this same address opens as the issue's own page there.
            <IssueView target={target} newTabPath={location.pathname} headingLevel={2} />
          ) : (
            <InvalidIssueNumber />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
