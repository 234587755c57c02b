import { defaultClientConditions } from "vite";
import { defineConfig } from "wxt";

// One source for Chromium (Manifest V3) and Firefox (`wxt build -b firefox`); docs/decisions/0031.
export default defineConfig({
  srcDir: "src",
  outDir: ".output",
  // Modules are imported by name, so the code reads plainly and type-checks without `wxt prepare`.
  imports: false,
  // Shared protocol code comes from packages/domain's TypeScript sources, as the web app's does. Its modules
  // have no side effects, so the few functions used here come without the rest of the domain and its libraries.
  vite: () => ({
    resolve: { conditions: ["@gantry/source", ...defaultClientConditions] },
    build: { rollupOptions: { treeshake: { moduleSideEffects: (id: string) => !id.includes("/packages/domain/") } } },
  }),
  manifest: {
    name: "Gantry for GitHub",
    description: "Gantry's board and issue fields inside GitHub's repository, issue and pull request pages.",
    permissions: ["storage", "scripting"],
    // The local server of `npm start` (any port). Other Gantry servers and GitHub Enterprise hosts are
    // asked for one origin at a time from the options page.
    host_permissions: ["http://localhost/*", "http://127.0.0.1/*"],
    optional_host_permissions: ["https://*/*", "http://*/*"],
    web_accessible_resources: [
      // embed.html is framed into GitHub's pages; auth-callback.html receives the sign-in tab's token.
      { resources: ["embed.html", "auth-callback.html"], matches: ["<all_urls>"] },
    ],
    // Firefox asks new extensions to declare what they collect: nothing leaves for anyone but your Gantry server.
    browser_specific_settings: {
      gecko: { id: "extension@gantry.dev", data_collection_permissions: { required: ["none"] } },
    },
  },
  zip: { artifactTemplate: "gantry-extension-{{browser}}.zip", zipSources: false },
});
