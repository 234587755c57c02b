import type { Config } from "../config/config.js";
import { type LicenceStatus, licenceAt, loadLicence } from "./licence.js";

/** What the enterprise edition adds to a running install: a licence, and seats checked against it. */
export interface EnterpriseEdition {
  productName: string;
  /** The licence as it stands now (one read at start can expire while the server runs). */
  licence(): LicenceStatus;
  now(): Date;
}

/*
 * The one swap point for the edition (STYLE: a registry, not `if (enterprise)` scattered about):
 * workspace access is checked from dozens of services that receive only a database handle, and
 * each seat check must see the same answer. One server process runs one edition; tests build and
 * close their apps one after another, so one registered edition at a time is enough.
 */
let current: EnterpriseEdition | null = null;

/** The enterprise edition, or null in the cloud edition. */
export function enterpriseEdition(): EnterpriseEdition | null {
  return current;
}

/** Switches the enterprise edition on for this process when configured; the answer switches it off again. */
export function installEdition(
  config: Pick<Config, "edition" | "productName" | "licenceFile" | "licencePublicKey">,
  now: () => Date,
): { edition: EnterpriseEdition | null; uninstall(): void } {
  if (config.edition !== "enterprise") {
    current = null;
    return { edition: null, uninstall: () => undefined };
  }
  const atStart = loadLicence(config, now());
  const edition: EnterpriseEdition = {
    productName: config.productName,
    licence: () => licenceAt(atStart, now()),
    now,
  };
  current = edition;
  return {
    edition,
    uninstall: () => {
      if (current === edition) current = null;
    },
  };
}
