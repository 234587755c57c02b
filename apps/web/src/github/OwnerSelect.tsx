import { CODE_HOST_NAME } from "@gantry/domain";
import { TriangleDownIcon } from "@primer/octicons-react";
import { Button, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { organizationDisplayName } from "../organizations/organization-list";
import { Avatar } from "../ui/Avatar";
import form from "../ui/form.module.css";
import styles from "./CreateTestRepositoryModal.module.css";
import type { GitHubOwner } from "./github-owners";

interface OwnerSelectProps {
  owners: GitHubOwner[];
  ownerId: string | null;
  onChange: (ownerId: string) => void;
}

/** "{CodeHost} organization": the user's own account and organisations, with avatars. */
export function OwnerSelect({ owners, ownerId, onChange }: OwnerSelectProps) {
  return (
    <Select
      className={form.field}
      value={ownerId}
      onChange={(key) => {
        if (key !== null) onChange(String(key));
      }}
      placeholder="Choose an account"
    >
      <Label className={form.label}>{CODE_HOST_NAME} organization</Label>
      <Button className={`${form.input} ${styles.selectButton}`}>
        <SelectValue<GitHubOwner> className={styles.selectValue}>
          {({ selectedItem, defaultChildren }) =>
            selectedItem ? <OwnerLabel owner={selectedItem} /> : defaultChildren
          }
        </SelectValue>
        <TriangleDownIcon aria-hidden />
      </Button>
      <Popover className={styles.popover}>
        <ListBox className={styles.listBox} items={owners}>
          {(owner) => (
            <ListBoxItem id={owner.id} textValue={organizationDisplayName(owner)} className={styles.option}>
              <OwnerLabel owner={owner} />
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}

function OwnerLabel({ owner }: { owner: GitHubOwner }) {
  const name = organizationDisplayName(owner);
  return (
    <span className={styles.owner}>
      <Avatar name={name} src={owner.ownerAvatar} />
      {name}
    </span>
  );
}
