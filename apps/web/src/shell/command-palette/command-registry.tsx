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

interface CommandRegistry {
  commands: PaletteCommand[];
  register: (commands: PaletteCommand[]) => () => void;
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
  const register = useCallback((commands: PaletteCommand[]) => {
    setSources((current) => [...current, commands]);
    return () => setSources((current) => current.filter((source) => source !== commands));
  }, []);
  const registry = useMemo(() => ({ commands: sources.flat(), register }), [sources, register]);
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
