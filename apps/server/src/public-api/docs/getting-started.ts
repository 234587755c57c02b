import { escapeHtml } from "../../mail/outbox-route.js";
import type { PublicApiLimits } from "../config.js";
import { PUBLIC_GRAPHQL_PATH, ZENHUB_GRAPHQL_PATH } from "../paths.js";
import { docsPage } from "./reference.js";

const code = (text: string) => `<pre><code>${escapeHtml(text)}</code></pre>`;

/** The getting-started guide: a key, a first query, paging, errors and limits, with this install's own numbers. */
export function gettingStartedPage(productName: string, publicUrl: string, limits: PublicApiLimits): string {
  const base = publicUrl.replace(/\/+$/, "");
  const endpoint = `${base}${PUBLIC_GRAPHQL_PATH}`;
  const zenhubEndpoint = `${base}${ZENHUB_GRAPHQL_PATH}`;
  return docsPage(
    `Getting started with the ${productName} API`,
    `<p>${escapeHtml(productName)} has one GraphQL API: the web app uses it, and so can your scripts, with the same
fields and permissions. Its shape follows Zenhub's public GraphQL API with Zenhub written ${escapeHtml(productName)}
(<code>zenhubOrganizations</code> is <code>gantryOrganizations</code>); an issue's <code>labels</code> and
<code>assignees</code> are connections here, as in Zenhub's, where the web app reads them as lists.</p>

<h2 id="zenhub">Coming from Zenhub</h2>
<p>A script written for Zenhub's API runs unchanged against <code>POST ${escapeHtml(zenhubEndpoint)}</code>:
the same API under Zenhub's own names (<code>ZenhubEpic</code>, <code>zenhubEpics</code>, <code>zenhubEpicIds</code>).
Change only its address and key:</p>
${code(`- ZENHUB_GRAPHQL_URL=https://api.zenhub.com/public/graphql
- ZENHUB_API_KEY=zh_…
+ ZENHUB_GRAPHQL_URL=${zenhubEndpoint}
+ ZENHUB_API_KEY=gantry_pat_…`)}
<p>For example, a sprint-report script that pages each pipeline's issues with <code>searchIssuesByPipeline</code>,
sets estimates, adds issues to the active sprint, moves them and reads each epic's child issues runs as it is, with
the key it sends as <code>Authorization: Bearer</code>:</p>
${code(`ZENHUB_GRAPHQL_URL=${zenhubEndpoint} \
ZENHUB_API_KEY=gantry_pat_… \
node zenhub-sprint-report.mjs --workspace "Platform" --plan "Backlog"`)}
<p>The script and the whole port are in <code>docs/api/porting-from-zenhub.md</code> in the source. Ids are
${escapeHtml(productName)}'s: find workspaces, pipelines and issues by name or number as such a script does.
The same key, limits and headers apply on both addresses. What Zenhub offers and ${escapeHtml(productName)} does not is
listed, with why, in the compatibility report.</p>

<h2 id="key">1. Create a key</h2>
<p>Open <a href="/settings/api-keys">API keys</a> from the user menu, name the key after the script that will use it
and copy the secret: it is shown once. A person has at most 5 keys. A key acts with your permissions; revoke it when
the script retires or the key leaks. Keys start with <code>gantry_pat_</code>, so secret scanners can find them.</p>

<h2 id="first-query">2. A first query</h2>
<p>Send <code>POST ${escapeHtml(endpoint)}</code> with the key as a bearer token and a JSON body:</p>
${code(`curl -s ${endpoint} \\
  -H "Authorization: Bearer $GANTRY_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"query":"{ viewer { gantryOrganizations(first: 10) { nodes { name workspaces(first: 20) { nodes { id name } } } } } }"}'`)}
<p>Use a workspace's <code>id</code> from the answer for the rest: its pipelines, then each pipeline's issues.</p>
${code(`query Board($workspaceId: ID!) {
  workspace(id: $workspaceId) {
    pipelinesConnection(first: 20) { nodes { id name } }
    activeSprint { name endAt }
    averageSprintVelocity
  }
}`)}
<p>Ids are opaque global ids: <code>node(id:)</code> and <code>nodes(ids:)</code> read any object by its id, and
<code>issueByInfo(repositoryGhId:, issueNumber:)</code> finds a GitHub issue by its coordinates.</p>

<h2 id="pagination">3. Pagination</h2>
<p>Lists are Relay connections. Ask for a page with <code>first</code> (at most 100; 20 when left out), then pass
<code>pageInfo.endCursor</code> as <code>after</code> while <code>pageInfo.hasNextPage</code> is true:</p>
${code(`query Issues($pipelineId: ID!, $after: String) {
  searchIssuesByPipeline(pipelineId: $pipelineId, filters: {}, first: 100, after: $after) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id number title estimate { value } }
  }
}`)}

<h2 id="mutations">4. Changing things</h2>
<p>Every mutation takes one <code>input</code> argument and returns a payload:</p>
${code(`mutation {
  moveIssue(input: { issueId: "…", pipelineId: "…", position: 0 }) { issue { number } pipeline { name } }
  setEstimate(input: { issueId: "…", value: 3 }) { issue { estimate { value } } }
}`)}

<h2 id="errors">5. Errors</h2>
<p>A request the API can run answers HTTP 200; what went wrong is in <code>errors</code>, each with a code in
<code>extensions.code</code>:</p>
<table><thead><tr><th>Code</th><th>Meaning</th></tr></thead><tbody>
<tr><td><code>BAD_USER_INPUT</code></td><td>An argument is wrong; the message says which and why (also for an operation over the complexity limit, with HTTP 400).</td></tr>
<tr><td><code>FORBIDDEN</code></td><td>The key's owner may not see or change this (another organisation's workspace, a viewer-only workspace).</td></tr>
<tr><td><code>NOT_FOUND</code></td><td>No such object, or it was deleted.</td></tr>
<tr><td><code>CONFLICT</code></td><td>The change clashes with the current state; read again and retry.</td></tr>
</tbody></table>
<p>Other HTTP statuses: <code>401</code> without a key or with a wrong or revoked one; <code>405</code> for anything but
POST; <code>429</code> over the rate limit.</p>

<h2 id="limits">6. Rate limits</h2>
<p>Each key has a budget of server processing time: <strong>${limits.budgetMsPerMinute.toLocaleString("en")} ms per
minute</strong>, refilled continuously. A request is charged the time it took. At most
<strong>${limits.maxConcurrent}</strong> requests of one key may run at once, and one operation may have a complexity of
at most <strong>${limits.maxComplexity.toLocaleString("en")}</strong>, counted as GitHub counts its node limit: every
object the operation may return counts once, a connection multiplying what is under it by its
<code>first</code>/<code>last</code> (20 when left out), and plain fields (ids, names, dates) are free. Listing 100
organisations' workspaces, 100 a page, costs 10,202; asking each of those workspaces for 100 pipelines would cost over
a million and is refused.</p>
<p>Every answer to a valid key says where its budget stands, in milliseconds:</p>
${code(`X-RateLimit-Limit: ${limits.budgetMsPerMinute}
X-RateLimit-Used: 412
X-RateLimit-Remaining: ${limits.budgetMsPerMinute - 412}`)}
<p>Over the limit the answer is <code>429 Too Many Requests</code> with <code>Retry-After</code> in seconds; wait that
long before sending again. Self-hosted installs set these limits with <code>PUBLIC_API_BUDGET_MS_PER_MINUTE</code>,
<code>PUBLIC_API_MAX_CONCURRENT_REQUESTS</code> and <code>PUBLIC_API_MAX_COMPLEXITY</code>.</p>

<h2 id="more">More</h2>
<p>The <a href="/docs/api">reference</a> lists every type and field. Which of Zenhub's queries and mutations
${escapeHtml(productName)} answers is in <code>docs/api/compatibility.md</code> in the source.</p>`,
  );
}
