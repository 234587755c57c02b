import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";

export interface PaletteCommand {
  id: string;
  label: string;
  /** The heading it is listed under, e.g. "Navigation" or "Actions". */
  group: string;
  /** Other words that find it. */
  keywords?: string[];
  /** Shown beside it, e.g. "?". */
  shortcut?: string;
  run: () => void;
}

/** Commands found by asking a server as the person types, e.g. issues of the open workspace. */
export interface PaletteSearch {
  group: string;
  find: (text: string) => Promise<PaletteCommand[]>;
}

interface CommandRegistry {
  commands: PaletteCommand[];
  searches: PaletteSearch[];
  register: (commands: PaletteCommand[]) => () => void;
  registerSearch: (search: PaletteSearch) => () => void;
}

const CommandRegistryContext = createContext<CommandRegistry | null>(null);

function useRegistry(): CommandRegistry {
  const registry = useContext(CommandRegistryContext);
  if (!registry) throw new Error("The command palette needs a <CommandRegistryProvider> above it");
  return registry;
}

/** Holds what the palette offers; features add their navigation targets and actions while mounted. */
export function CommandRegistryProvider({ children }: { children: ReactNode }) {
  const [sources, setSources] = useState<PaletteCommand[][]>([]);
  const [searches, setSearches] = useState<PaletteSearch[]>([]);
  const register = useCallback((commands: PaletteCommand[]) => {
    setSources((current) => [...current, commands]);
    return () => setSources((current) => current.filter((source) => source !== commands));
  }, []);
  const registerSearch = useCallback((search: PaletteSearch) => {
    setSearches((current) => [...current, search]);
    return () => setSearches((current) => current.filter((candidate) => candidate !== search));
  }, []);
  const registry = useMemo(
    () => ({ commands: sources.flat(), searches, register, registerSearch }),
    [sources, searches, register, registerSearch],
  );
  return <CommandRegistryContext.Provider value={registry}>{children}</CommandRegistryContext.Provider>;
}

/** Offers `commands` in the palette while the calling component is mounted. Memoise the array. */
export function useRegisterCommands(commands: PaletteCommand[]): void {
  const { register } = useRegistry();
  useEffect(() => register(commands), [register, commands]);
}

export function usePaletteCommands(): PaletteCommand[] {
  return useRegistry().commands;
}

/** Offers a server search in the palette while the calling component is mounted. Memoise it. */
export function useRegisterSearch(search: PaletteSearch): void {
  const { registerSearch } = useRegistry();
  useEffect(() => registerSearch(search), [registerSearch, search]);
}

export function usePaletteSearches(): PaletteSearch[] {
  return useRegistry().searches;
}
