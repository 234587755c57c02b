/** The parts of GitHub's issue search syntax the sandbox understands. */
export interface IssueSearch {
  repositories: string[];
  type?: "issue" | "pr";
  state?: "open" | "closed";
  labels: string[];
  author?: string;
  assignee?: string;
  /** Words and quoted phrases that must all appear in the title or body. */
  terms: string[];
}

/** Splits on spaces outside double quotes; quotes are dropped, so `label:"help wanted"` is one token. */
function tokens(q: string): string[] {
  return [...q.matchAll(/(?:[^\s"]+|"[^"]*")+/g)].map(([token]) => token.replace(/"/g, ""));
}

export function parseIssueSearch(q: string): IssueSearch {
  const search: IssueSearch = { repositories: [], labels: [], terms: [] };
  for (const token of tokens(q)) {
    const colon = token.indexOf(":");
    const qualifier = colon > 0 ? token.slice(0, colon).toLowerCase() : "";
    const value = token.slice(colon + 1);
    if (qualifier === "repo") search.repositories.push(value.toLowerCase());
    else if (
      (qualifier === "is" || qualifier === "type") &&
      (value === "issue" || value === "pr" || value === "pull-request")
    ) {
      search.type = value === "issue" ? "issue" : "pr";
    } else if ((qualifier === "is" || qualifier === "state") && (value === "open" || value === "closed"))
      search.state = value;
    else if (qualifier === "label") search.labels.push(value.toLowerCase());
    else if (qualifier === "author") search.author = value.toLowerCase();
    else if (qualifier === "assignee") search.assignee = value.toLowerCase();
    else if (token.trim() !== "") search.terms.push(token.toLowerCase());
  }
  return search;
}
