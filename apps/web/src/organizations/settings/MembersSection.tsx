import { useState } from "react";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import formStyles from "../../ui/form.module.css";
import { Panel } from "../../ui/Panel";
import { type OrganizationRole, ROLE_NAMES } from "../api";
import { type OrganizationSettings, useChangeMemberRole, useRemoveMember } from "./api";
import { assignableRoles, canChangeMember, personName } from "./member-rules";
import styles from "./settings.module.css";

interface MembersSectionProps {
  organization: OrganizationSettings;
  viewerId: string;
}

export function MembersSection({ organization, viewerId }: MembersSectionProps) {
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<{ id: string; name: string } | null>(null);
  const error = changeRole.error ?? remove.error;
  const busy = changeRole.isPending || remove.isPending;
  return (
    <Panel title="Members">
      <ul className={styles.rows}>
        {organization.members.map((member) => {
          const who = personName(member.user);
          const editable = member.user.id !== viewerId && canChangeMember(organization.viewerRole, member.role);
          return (
            <li key={member.user.id} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowTitle}>
                  {who}
                  {member.user.id === viewerId ? " (you)" : ""}
                </span>
                {member.user.name && member.user.email ? (
                  <span className={styles.muted}>{member.user.email}</span>
                ) : null}
              </span>
              {editable ? (
                <>
                  <select
                    className={formStyles.select}
                    aria-label={`Role of ${who}`}
                    value={member.role}
                    disabled={busy}
                    onChange={(event) =>
                      changeRole.mutate({
                        organizationId: organization.id,
                        userId: member.user.id,
                        role: event.target.value as OrganizationRole,
                      })
                    }
                  >
                    {assignableRoles(organization.viewerRole).map((role) => (
                      <option key={role} value={role}>
                        {ROLE_NAMES[role]}
                      </option>
                    ))}
                  </select>
                  <Button
                    aria-label={`Remove ${who}`}
                    disabled={busy}
                    onClick={() => setRemoving({ id: member.user.id, name: who })}
                  >
                    Remove
                  </Button>
                </>
              ) : (
                <span className={styles.pill}>{ROLE_NAMES[member.role]}</span>
              )}
            </li>
          );
        })}
      </ul>
      {removing ? (
        <ConfirmationDialog
          title={`Remove ${removing.name}?`}
          body={`${removing.name} will no longer be able to open ${organization.name} or its workspaces.`}
          confirmText="Remove"
          danger
          onConfirm={() => {
            remove.mutate({ organizationId: organization.id, userId: removing.id });
            setRemoving(null);
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {error ? (
        <p className={formStyles.error} role="alert">
          {error.message}
        </p>
      ) : null}
    </Panel>
  );
}
