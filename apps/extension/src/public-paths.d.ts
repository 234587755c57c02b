// `wxt prepare` would generate this per build; written by hand so type-checking needs no generated
// files. These are the extension's own pages and scripts that code asks the address of.
import "wxt/browser";

declare module "wxt/browser" {
  interface WxtRuntime {
    getURL(path: "/" | "/embed.html" | "/auth-callback.html"): string;
  }
}
