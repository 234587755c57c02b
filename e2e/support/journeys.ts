import { type Browser, expect, type Page } from "@playwright/test";
import { PASSWORD } from "./gantry-api.js";
import { latestMail, linkPath, uniqueEmail } from "./outbox.js";

/**
 * A new person in their own browser, signed up through the form, verified from the mail, and
 * logged in; `origin` lets a step run at another address of the same server (e.g. localhost).
 */
export async function signUpThroughTheForm(
  browser: Browser,
  label: string,
  origin = "",
): Promise<{ page: Page; email: string }> {
  const page = await (await browser.newContext()).newPage();
  const email = uniqueEmail(label);
  await page.goto(`${origin}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.goto(origin + linkPath(await latestMail(page.request, email, /Verify your email/)));
  await page.getByRole("link", { name: "Log in" }).click();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/landing$/);
  return { page, email };
}

/** The same server at `localhost`, where a person may well open it instead of 127.0.0.1. */
export function atLocalhost(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? "");
  url.hostname = "localhost";
  return url.origin;
}
