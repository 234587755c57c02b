/** Feature flags arrive as the list of flags that are on; a flag missing from the list counts as off. */
export function isFlagOn(flags: readonly string[], flag: string): boolean {
  return flags.includes(flag);
}
