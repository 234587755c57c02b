import { useCallback, useEffect, useRef, useState } from "react";
import hidden from "../ui/visually-hidden.module.css";

type Announce = (text: string) => void;

/** A polite live region of its own, so announcing redraws the region and nothing else. */
function LiveRegion({ connect }: { connect: (announce: Announce) => void }) {
  const [text, setText] = useState("");
  useEffect(() => connect(setText), [connect]);
  return (
    <p className={hidden.hidden} aria-live="polite" role="status">
      {text}
    </p>
  );
}

/** Screen-reader announcements: the region to render once, and a stable `announce`. */
export function useAnnouncer() {
  const setText = useRef<Announce>(() => {});
  const connect = useCallback((announce: Announce) => {
    setText.current = announce;
  }, []);
  const announce = useCallback((text: string) => setText.current(text), []);
  const [region] = useState(() => <LiveRegion connect={connect} />);
  return { region, announce };
}
