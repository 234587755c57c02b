import { type PermissionLevel, ROLE_NAMES } from "../organizations/api";
import styles from "../ui/form.module.css";
import { Panel } from "../ui/Panel";
import panel from "../ui/Panel.module.css";
import { useUpdateWorkspaceMemberPermission, type WorkspaceDetails } from "./api";
import { ASSIGNABLE_PERMISSIONS, PERMISSION_NAMES } from "./permission-names";
import pageStyles from "./WorkspacePage.module.css";

/**
 * Who can open the workspace, and their permission in it. Admins change it, but not their own
 * (no one locks themselves out by a slip); organisation owners and admins are always workspace
 * admins, so theirs is shown, not offered.
 */
export function WorkspaceMembers({ workspace, viewerId }: { workspace: WorkspaceDetails; viewerId: string }) {
  const update = useUpdateWorkspaceMemberPermission(workspace.id);
  const organizationAdminRoles = new Map(
    workspace.gantryOrganization.members
      .filter((member) => member.role !== "MEMBER")
      .map((member) => [member.user.id, ROLE_NAMES[member.role].toLowerCase()]),
  );
  return (
    <Panel frame="plain" title="Members">
      <ul className={pageStyles.members}>
        {workspace.members.map((member) => {
          const who = member.user.name ?? member.user.email ?? "Someone";
          const isViewer = member.user.id === viewerId;
          const organizationRole = organizationAdminRoles.get(member.user.id);
          return (
            <li key={member.user.id} className={panel.headingRow}>
              <span className={pageStyles.memberName}>
                {who}
                {isViewer ? " (you)" : ""}
                {organizationRole ? <span className={pageStyles.muted}> · organization {organizationRole}</span> : null}
              </span>
              {isViewer || organizationRole ? (
                <span className={pageStyles.permission}>{PERMISSION_NAMES[member.permission]}</span>
              ) : (
                <select
                  className={styles.select}
                  aria-label={`Permission of ${who}`}
                  value={member.permission}
                  disabled={update.isPending}
                  onChange={(event) =>
                    update.mutate({
                      workspaceId: workspace.id,
                      userId: member.user.id,
                      role: event.target.value as PermissionLevel,
                    })
                  }
                >
                  {ASSIGNABLE_PERMISSIONS.map((permission) => (
                    <option key={permission} value={permission}>
                      {PERMISSION_NAMES[permission]}
                    </option>
                  ))}
                </select>
              )}
            </li>
          );
        })}
      </ul>
      {update.error ? (
        <p className={styles.error} role="alert">
          {update.error.message}
        </p>
      ) : null}
    </Panel>
  );
}
