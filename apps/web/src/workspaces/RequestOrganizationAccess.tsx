import errorStyles from "../errors/ErrorPage.module.css";
import { useRequestOrganizationAccess } from "../organizations/api";
import { Button } from "../ui/Button";

interface RequestOrganizationAccessProps {
  organization: { id: string; name: string };
  alreadyRequested: boolean;
}

/** Asks to join the workspace's organisation, then says the request waits for an admin. */
export function RequestOrganizationAccess({ organization, alreadyRequested }: RequestOrganizationAccessProps) {
  const request = useRequestOrganizationAccess();
  if (alreadyRequested || request.isSuccess) {
    return (
      <p className={errorStyles.text} role="status">
        Access requested. You will be able to open the workspace once an admin of {organization.name} approves your
        request.
      </p>
    );
  }
  return (
    <>
      <p className={errorStyles.text}>
        This workspace belongs to {organization.name}, and you are not a member of it yet. Ask to join, and an admin of{" "}
        {organization.name} will approve or decline your request.
      </p>
      {request.error ? (
        <p className={errorStyles.text} role="alert">
          {request.error.message}
        </p>
      ) : null}
      <div className={errorStyles.actions}>
        <Button
          variant="primary"
          disabled={request.isPending}
          onClick={() => request.mutate({ organizationId: organization.id })}
        >
          Request access to {organization.name}
        </Button>
      </div>
    </>
  );
}
