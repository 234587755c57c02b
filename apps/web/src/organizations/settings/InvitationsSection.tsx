import { type FormEvent, useState } from "react";
import { Field } from "../../accounts/Field";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { FormError } from "../../ui/FormError";
import list from "../../ui/list.module.css";
import { Panel } from "../../ui/Panel";
import { SelectField } from "../../ui/SelectField";
import { type OrganizationRole, ROLE_NAMES } from "../api";
import { type OrganizationSettings, useInviteMember, useRevokeInvitation } from "./api";
import { assignableRoles } from "./member-rules";
import styles from "./settings.module.css";

const expiryFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

export function InvitationsSection({ organization }: { organization: OrganizationSettings }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<OrganizationRole>("MEMBER");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invite = useInviteMember();
  const revoke = useRevokeInvitation();
  const error = invite.error ?? revoke.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    invite.mutate(
      { organizationId: organization.id, email: address, role },
      {
        onSuccess: () => {
          setSentTo(address);
          setEmail("");
        },
      },
    );
  };

  return (
    <Panel title="Invitations">
      <form className={styles.inviteForm} onSubmit={submit} noValidate>
        <Field
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setSentTo(null);
            setEmail(event.target.value);
          }}
        />
        <SelectField
          label="Role"
          value={role}
          choices={assignableRoles(organization.viewerRole).map((each) => ({ value: each, label: ROLE_NAMES[each] }))}
          onChange={setRole}
        />
        <Button type="submit" variant="primary" disabled={invite.isPending || email.trim() === ""}>
          {invite.isPending ? "Sending…" : "Send invitation"}
        </Button>
      </form>
      {sentTo ? <p role="status">Invitation sent to {sentTo}</p> : null}
      <FormError>{error?.message}</FormError>
      {organization.invitations.length === 0 ? (
        <EmptyState>No pending invitations.</EmptyState>
      ) : (
        <ul className={list.list} aria-label="Pending invitations">
          {organization.invitations.map((invitation) => (
            <li key={invitation.id} className={list.row}>
              <span className={list.rowMain}>
                <span className={styles.rowTitle}>{invitation.email}</span>
                <span className={list.meta}>
                  {ROLE_NAMES[invitation.role]} · expires {expiryFormat.format(new Date(invitation.expiresAt))}
                </span>
              </span>
              <Button
                aria-label={`Revoke the invitation to ${invitation.email}`}
                disabled={revoke.isPending}
                onClick={() => revoke.mutate({ invitationId: invitation.id })}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
