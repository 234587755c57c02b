/** Feature flags arrive as the list of flags that are on; a flag missing from the list counts as off. */
export function isFlagOn(flags: readonly string[], flag: string): boolean {
  return flags.includes(flag);
}

/** A flag's name: lower-case words joined by `_` or `-`, as the spec's flags are written. */
export const FEATURE_FLAG_NAME = /^[a-z][a-z0-9]*([_-][a-z0-9]+)*$/;
export const FEATURE_FLAG_NAME_MAX_LENGTH = 64;

export function isFeatureFlagName(name: string): boolean {
  return name.length <= FEATURE_FLAG_NAME_MAX_LENGTH && FEATURE_FLAG_NAME.test(name);
}
