import { type EmbedMessage, isExtensionOrigin, readEmbedMessage } from "@gantry/domain";

/**
 * The extension page framing this app. It alone hands over the session token, and it is the
 * only window the app's own messages go to.
 */
export interface ParentFrame {
  origin: string;
  post(message: EmbedMessage): void;
}

/**
 * Announces the app to its parent and waits for the token it answers with. Messages from any
 * other window, or from a parent that is not an extension page, are ignored: a page that framed
 * this app could otherwise sign it in as someone else.
 */
export function waitForToken(win: Window = window): Promise<{ parent: ParentFrame; token: string | null }> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win.parent || !isExtensionOrigin(event.origin)) return;
      const message = readEmbedMessage(event.data);
      if (message?.type !== "gantry:token") return;
      win.removeEventListener("message", onMessage);
      const origin = event.origin;
      resolve({ parent: { origin, post: (reply) => win.parent.postMessage(reply, origin) }, token: message.token });
    };
    win.addEventListener("message", onMessage);
    // Nothing secret in it, and the parent's origin is not known yet.
    win.parent.postMessage({ type: "gantry:ready" } satisfies EmbedMessage, "*");
  });
}

/** Tells the parent the page's height whenever it changes, so a sidebar frame fits its content. */
export function reportHeight(parent: ParentFrame, element: HTMLElement): () => void {
  const observer = new ResizeObserver(() => parent.post({ type: "gantry:height", height: element.scrollHeight }));
  observer.observe(element);
  return () => observer.disconnect();
}
