import { DEFAULT_PRODUCT_NAME, type Edition } from "@gantry/domain";
import { createContext, useContext } from "react";

/** The install's settings, written by the server into a meta tag of index.html. */
export interface RuntimeConfig {
  productName: string;
  edition: Edition;
  supportEmail: string;
  statusFeedUrl: string;
  troubleshootingUrl: string;
}

export const defaultRuntimeConfig: RuntimeConfig = {
  productName: DEFAULT_PRODUCT_NAME,
  edition: "cloud",
  supportEmail: "support@gantry.dev",
  statusFeedUrl: "https://status.gantry.dev",
  troubleshootingUrl: "https://docs.gantry.dev/troubleshooting",
};

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const content = doc.querySelector('meta[name="gantry-config"]')?.getAttribute("content");
  if (!content) return defaultRuntimeConfig;
  try {
    return { ...defaultRuntimeConfig, ...(JSON.parse(content) as Partial<RuntimeConfig>) };
  } catch {
    return defaultRuntimeConfig;
  }
}

export const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig);

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}
