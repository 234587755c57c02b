/** The docs pages' stylesheet, light and dark, served at /docs/api/docs.css (a TS string, so the build carries it). */
export const DOCS_CSS = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --subtle: #f6f8fa; --border: #d1d9e0; --accent: #0969da; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #f0f6fc; --muted: #9198a1; --bg: #0d1117; --subtle: #151b23; --border: #3d444d; --accent: #4493f8; }
}
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; }
header { display: flex; gap: 16px; padding: 12px 24px; border-bottom: 1px solid var(--border); background: var(--subtle); }
a { color: var(--accent); }
main { max-width: 960px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 16px; }
h2 { font-size: 18px; margin: 32px 0 8px; }
.kind { color: var(--muted); font-weight: normal; }
code, pre { font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, monospace; font-size: 12px; }
pre { padding: 12px; overflow-x: auto; background: var(--subtle); border: 1px solid var(--border); border-radius: 6px; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-top: 1px solid var(--border); }
td p { margin: 0 0 4px; }
.args { margin: 4px 0 0; padding-left: 18px; color: var(--muted); }
.deprecated { color: #bc4c00; }
.index { columns: 4 180px; padding-left: 18px; }
`;
