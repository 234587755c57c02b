import { useState } from "react";
import { Button } from "../../ui/Button";
import { ConfirmationDialog } from "../../ui/dialog/ConfirmationDialog";
import { FormError } from "../../ui/FormError";
import formStyles from "../../ui/form.module.css";
import list from "../../ui/list.module.css";
import { Panel } from "../../ui/Panel";
import { StatusLabel } from "../../ui/StatusLabel";
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
      <ul className={list.list}>
        {organization.members.map((member) => {
          const who = personName(member.user);
          const editable = member.user.id !== viewerId && canChangeMember(organization.viewerRole, member.role);
          return (
            <li key={member.user.id} className={list.row}>
              <span className={list.rowMain}>
                <span className={styles.rowTitle}>
                  {who}
                  {member.user.id === viewerId ? " (you)" : ""}
                </span>
                {member.user.name && member.user.email ? <span className={list.meta}>{member.user.email}</span> : null}
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
                <StatusLabel>{ROLE_NAMES[member.role]}</StatusLabel>
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
      <FormError>{error?.message}</FormError>
    </Panel>
  );
}
