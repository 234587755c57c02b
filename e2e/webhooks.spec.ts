import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createAccount, createOrganizationWithWorkspaces, gql, signInAs } from "./support/gantry-api.js";

const SECRET = "e2e-webhook-secret";

/** A receiver on loopback (the e2e server allows private addresses) that fails its first request, then accepts. */
async function flakyReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (received.length === 1) res.writeHead(500).end("busy, try again");
      else res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/gantry`, received, close: () => server.close() };
}

test("an admin adds a webhook in the workspace settings, a move is delivered signed after a retry, and the log shows it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const receiver = await flakyReceiver();
  try {
    const admin = await createAccount(page.request, "webhooks-admin");
    const suffix = Date.now().toString(36);
    const {
      workspaceIds: [workspaceId = ""],
    } = await createOrganizationWithWorkspaces(page.request, admin, `Hooks ${suffix}`, [{ name: "Delivery" }]);
    const { workspace } = await gql<{
      workspace: { gantryRepository: { id: string }; pipelines: { id: string; name: string }[] };
    }>(
      page.request,
      admin,
      "query ($id: ID!) { workspace(id: $id) { gantryRepository { id } pipelines { id name } } }",
      { id: workspaceId },
    );
    const created = await gql<{ createIssue: { issue: { id: string } } }>(
      page.request,
      admin,
      "mutation ($input: CreateIssueInput!) { createIssue(input: $input) { issue { id } } }",
      { input: { repositoryId: workspace.gantryRepository.id, title: "Ship the webhook" } },
    );

    await signInAs(page, admin);
    await page.setViewportSize({ width: 1280, height: 1200 });
    await page.goto(`/workspaces/${encodeURIComponent(workspaceId)}`);
    await page.getByRole("button", { name: "Workspace settings" }).click();
    const section = page.getByRole("region", { name: "Webhooks" });
    await expect(section.getByText("No webhooks yet.")).toBeVisible();
    const form = section.getByRole("form", { name: "Add webhook" });
    await form.getByLabel("Payload URL").fill(receiver.url);
    await form.getByLabel("Secret").fill(SECRET);
    await form.getByRole("checkbox", { name: /estimate_set/ }).check();
    await form.getByRole("button", { name: "Add webhook" }).click();
    await expect(section.getByText(receiver.url)).toBeVisible();
    await expect(section.getByText("issue_transfer, estimate_set · secret ••••cret")).toBeVisible();

    const done = workspace.pipelines.find((pipeline) => pipeline.name === "In Progress")?.id ?? "";
    await gql(
      page.request,
      admin,
      "mutation ($pipeline: ID!, $issue: ID!) { moveIssue(input: { pipelineId: $pipeline, issueId: $issue, position: 0 }) { issue { id } } }",
      { pipeline: done, issue: created.createIssue.issue.id },
    );
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(2);
    const [first, second] = receiver.received;
    expect(second?.headers["x-gantry-delivery"]).toBe(first?.headers["x-gantry-delivery"]);
    const signature = `sha256=${createHmac("sha256", SECRET)
      .update(second?.body ?? "")
      .digest("hex")}`;
    expect(second?.headers["x-gantry-signature-256"]).toBe(signature);
    expect(JSON.parse(second?.body ?? "{}")).toMatchObject({
      type: "issue_transfer",
      from_pipeline_name: "New Issues",
      to_pipeline_name: "In Progress",
      issue_title: "Ship the webhook",
    });

    // The log polls while a delivery is under way; a reload shows the settled state at once.
    await page.reload();
    await page.getByRole("button", { name: "Workspace settings" }).click();
    await section.getByRole("button", { name: "Deliveries (1)" }).click();
    const log = section.getByRole("list", { name: `Deliveries to ${receiver.url}, newest first` });
    await expect(log.getByText("Delivered")).toBeVisible();
    await expect(log.getByText(/HTTP 200 · \d+ ms · attempt 2/)).toBeVisible();
    await log.getByText("Request and response").click();
    await section.scrollIntoViewIfNeeded();
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await section.screenshot({ path: test.info().outputPath(`webhooks-settings-${scheme}.png`) });
    }
    await page.emulateMedia({ colorScheme: "light" });

    await log.getByRole("button", { name: /^Redeliver / }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);
    expect(receiver.received[2]?.body).toBe(second?.body);
    expect(receiver.received[2]?.headers["x-gantry-delivery"]).not.toBe(second?.headers["x-gantry-delivery"]);
  } finally {
    receiver.close();
  }
});
