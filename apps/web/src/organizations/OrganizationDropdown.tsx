import { CheckIcon, GearIcon, PlusIcon, TriangleDownIcon, WorkflowIcon } from "@primer/octicons-react";
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  Text,
} from "react-aria-components";
import { Avatar } from "../ui/Avatar";
import menu from "../ui/menu/MenuButton.module.css";
import { StatusLabel } from "../ui/StatusLabel";
import styles from "./OrganizationDropdown.module.css";
import { type OrganizationEntry, organizationDisplayName } from "./organization-list";

interface OrganizationDropdownProps {
  title: string;
  entries: OrganizationEntry[];
  /** /settings/o/{orgName} of the active organisation; "Manage organizations" is left out without one. */
  manageHref: string | null;
  /** The active organisation's strategic planning panel; left out without an active organisation. */
  planningHref?: string | null;
  onSelect: (entry: OrganizationEntry) => void;
  onCreate: () => void;
}

/** SPEC §2 "Organisation dropdown": the organisations, pending requests, managing and creating. */
export function OrganizationDropdown(props: OrganizationDropdownProps) {
  const { title, entries, manageHref, planningHref, onSelect, onCreate } = props;
  const active = entries.find((entry) => entry.isActive);
  const activeName = active ? organizationDisplayName(active) : null;
  return (
    <MenuTrigger>
      <Button
        className={styles.trigger}
        aria-label={activeName ? `Organization: ${activeName}. Switch organization` : "Choose an organization"}
      >
        {active && activeName ? <Avatar name={activeName} src={active.ownerAvatar} /> : null}
        <span className={styles.triggerName}>{activeName ?? "Organizations"}</span>
        <TriangleDownIcon aria-hidden />
      </Button>
      <Popover className={`${menu.surface} ${styles.popover}`} placement="bottom start">
        <Menu className={styles.menu} aria-label={title}>
          <MenuSection className={styles.section}>
            <Header className={styles.title}>{title}</Header>
            {entries.map((entry) => {
              const name = organizationDisplayName(entry);
              return (
                <MenuItem
                  key={entry.id}
                  id={entry.id}
                  textValue={name}
                  isDisabled={entry.disabled ?? false}
                  onAction={() => onSelect(entry)}
                  className={styles.item}
                >
                  <Avatar name={name} src={entry.ownerAvatar} />
                  <span className={styles.name}>{name}</span>
                  {entry.tag ? <StatusLabel>{entry.tag}</StatusLabel> : null}
                  {entry.isActive ? <CheckIcon aria-label="Current organization" /> : null}
                  {entry.tooltip ? (
                    <Text slot="description" className={styles.tooltip}>
                      {entry.tooltip}
                    </Text>
                  ) : null}
                </MenuItem>
              );
            })}
          </MenuSection>
          <Separator className={styles.separator} />
          <MenuSection className={styles.section}>
            {planningHref ? (
              <MenuItem href={planningHref} className={styles.item}>
                <WorkflowIcon aria-hidden />
                <span className={styles.name}>Strategic planning</span>
              </MenuItem>
            ) : null}
            {manageHref ? (
              <MenuItem href={manageHref} target="_blank" rel="noopener" className={styles.item}>
                <GearIcon aria-hidden />
                <span className={styles.name}>Manage organizations</span>
              </MenuItem>
            ) : null}
            <MenuItem onAction={onCreate} className={styles.item}>
              <PlusIcon aria-hidden />
              <span className={styles.name}>Create new organization</span>
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
