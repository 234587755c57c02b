import { readEmbedMessage } from "@gantry/domain";
import { browser } from "wxt/browser";
import { defineContentScript } from "wxt/utils/define-content-script";
import { type GitHubPage, gantryPathFor, gitHubTheme, parseGitHubPage } from "../lib/github-page";

/** The hash that keeps the Gantry tab open across a reload. */
const GANTRY_HASH = "#gantry";
const TAB = "data-gantry-tab";
const PANEL = "data-gantry-panel";
const SIDEBAR = "data-gantry-sidebar";

/** GitHub's repository navigation, in the markup of today's pages and of older ones. */
const REPO_NAV = 'nav[aria-label="Repository"] ul, nav.js-repo-nav ul';
/** The repository content a tab replaces. */
const REPO_CONTENT = "#repo-content-turbo-frame, #repo-content-pjax-container";
/** The issue or pull request sidebar: classic pages, and the newer issue viewer. */
const ISSUE_SIDEBAR = '#partial-discussion-sidebar, [data-testid="issue-viewer-metadata-pane"]';

function currentTheme() {
  return gitHubTheme(
    document.documentElement.dataset.colorMode,
    window.matchMedia("(prefers-color-scheme: dark)").matches,
  );
}

/** The extension's frame page for a GitHub page, carrying GitHub's theme. */
function frameFor(page: GitHubPage, title: string): HTMLIFrameElement {
  const frame = document.createElement("iframe");
  frame.title = title;
  frame.src = `${browser.runtime.getURL("/embed.html")}?${new URLSearchParams({ path: gantryPathFor(page), theme: currentTheme() })}`;
  frame.style.cssText = "display:block;width:100%;border:0;background:transparent";
  return frame;
}

function ensureTab(page: GitHubPage) {
  const list = document.querySelector(REPO_NAV);
  if (!list || list.querySelector(`[${TAB}]`)) return;
  const item = document.createElement("li");
  item.className = "d-inline-flex";
  item.setAttribute(TAB, "");
  const link = document.createElement("a");
  link.href = GANTRY_HASH;
  link.className = "UnderlineNav-item no-wrap";
  const label = document.createElement("span");
  label.dataset.content = "Gantry";
  label.textContent = "Gantry";
  link.append(label);
  link.addEventListener("click", (event) => {
    event.preventDefault();
    history.pushState(history.state, "", GANTRY_HASH);
    showBoard(page);
  });
  item.append(link);
  list.append(item);
}

function showBoard(page: GitHubPage) {
  const content = document.querySelector<HTMLElement>(REPO_CONTENT);
  if (!content || document.querySelector(`[${PANEL}]`)) return;
  for (const link of document.querySelectorAll<HTMLElement>(`${REPO_NAV.split(",")[0]} a, nav.js-repo-nav a`)) {
    link.classList.remove("selected");
    link.removeAttribute("aria-current");
  }
  const tab = document.querySelector<HTMLElement>(`[${TAB}] a`);
  tab?.classList.add("selected");
  tab?.setAttribute("aria-current", "page");
  const panel = document.createElement("div");
  panel.setAttribute(PANEL, "");
  panel.className = "container-xl px-3 px-md-4 px-lg-5 mt-3";
  const frame = frameFor(page, "Gantry board");
  frame.style.height = "max(600px, calc(100vh - 160px))";
  panel.append(frame);
  content.hidden = true;
  content.after(panel);
}

/** Leaving the tab (another tab, back, GitHub's own navigation) gives GitHub its content back. */
function hideBoard() {
  document.querySelector(`[${PANEL}]`)?.remove();
  const content = document.querySelector<HTMLElement>(REPO_CONTENT);
  if (content?.hidden) content.hidden = false;
  const tab = document.querySelector<HTMLElement>(`[${TAB}] a`);
  tab?.classList.remove("selected");
  tab?.removeAttribute("aria-current");
}

function ensureSidebar(page: GitHubPage) {
  const sidebar = document.querySelector(ISSUE_SIDEBAR);
  if (!sidebar || sidebar.querySelector(`[${SIDEBAR}]`)) return;
  const section = document.createElement("section");
  section.setAttribute(SIDEBAR, "");
  section.className = "discussion-sidebar-item";
  section.setAttribute("aria-label", "Gantry");
  const heading = document.createElement("h2");
  heading.className = "discussion-sidebar-heading text-bold";
  heading.textContent = "Gantry";
  const frame = frameFor(page, "Gantry issue fields");
  frame.style.height = "120px";
  section.append(heading, frame);
  sidebar.prepend(section);
}

function update() {
  const page = parseGitHubPage(window.location.href);
  if (!page) return;
  ensureTab(page);
  if (window.location.hash === GANTRY_HASH) showBoard(page);
  else hideBoard();
  if (page.kind === "issue") ensureSidebar(page);
}

export default defineContentScript({
  matches: ["https://github.com/*/*"],
  runAt: "document_end",
  main(ctx) {
    const frameOrigin = new URL(browser.runtime.getURL("/")).origin;
    // The sidebar frame grows with the fields it shows.
    ctx.addEventListener(window, "message", (event) => {
      if (event.origin !== frameOrigin) return;
      const message = readEmbedMessage(event.data);
      if (message?.type !== "gantry:height") return;
      for (const frame of document.querySelectorAll<HTMLIFrameElement>(`[${SIDEBAR}] iframe`)) {
        if (frame.contentWindow === event.source) frame.style.height = `${Math.max(message.height, 40)}px`;
      }
    });
    // GitHub swaps page parts without a page load: put Gantry back whenever they change.
    let scheduled = false;
    const observer = new MutationObserver(() => {
      if (scheduled) return;
      scheduled = true;
      requestAnimationFrame(() => {
        scheduled = false;
        update();
      });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    ctx.onInvalidated(() => observer.disconnect());
    ctx.addEventListener(window, "popstate", update);
    ctx.addEventListener(window, "wxt:locationchange", update);
    update();
  },
});
