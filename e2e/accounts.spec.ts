import { expect, type Page, test } from "@playwright/test";
import { latestMail, linkPath, uniqueEmail } from "./support/outbox.js";

const PASSWORD = "Correct-horse-9";

async function signUpAndVerify(page: Page, email: string) {
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();

  const mail = await latestMail(page.request, email, /Verify your email/);
  await page.goto(linkPath(mail));
  await expect(page.getByRole("heading", { name: "Your email is verified" })).toBeVisible();
  await page.getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function logIn(page: Page, password: string) {
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

test("sign up, verify from the mail, log in, land, and sign out", async ({ page }) => {
  const email = uniqueEmail("ada");
  await page.goto("/landing");
  await expect(page).toHaveURL(/\/login$/);

  await signUpAndVerify(page, email);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await logIn(page, PASSWORD);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("authV2_token"))).toMatch(/^gnt_/);

  await page.reload();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("authV2_token"))).toBeNull();
});

test("a weak password shows the rules, and a taken address says how to log in", async ({ page }) => {
  const email = uniqueEmail("grace");
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toContainText("at least 3 of the following");

  await signUpAndVerify(page, email);
  await page.goto("/signup");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Looks like you already have an account with us. Please log in using your email instead.",
  );
});

test("login errors, lockout, and unlocking from the mail", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await logIn(page, PASSWORD);
  await expect(page.getByRole("alert")).toHaveText("Account does not exist. Please sign up instead.");

  const email = uniqueEmail("linus");
  await signUpAndVerify(page, email);
  for (let attempt = 1; attempt <= 4; attempt++) {
    await logIn(page, "Wrong-password-1");
    await expect(page.getByRole("alert")).toHaveText("Incorrect email or password");
  }
  await logIn(page, "Wrong-password-1");
  await expect(page.getByRole("alert")).toHaveText(
    "Your account has been locked after multiple consecutive failed login attempts. We've sent you an email with instructions on how to unlock it.",
  );
  await page.screenshot({ path: test.info().outputPath("login-locked.png"), fullPage: true });

  const mail = await latestMail(page.request, email, /has been locked/);
  await page.goto(linkPath(mail));
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toHaveText("Your account has been unlocked. You can log in now.");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.screenshot({ path: test.info().outputPath("login-unlocked.png"), fullPage: true });

  await page.goto(`/unlock?email=${encodeURIComponent(email)}&token=gul_forged`);
  await expect(page.getByRole("status")).toHaveText("Your account has been unlocked. You can log in now.");
  await logIn(page, PASSWORD);
  await expect(page).toHaveURL(/\/landing$/);
});

test("an invalid unlock link lands on /login with the failure message", async ({ page }) => {
  const email = uniqueEmail("locked");
  await signUpAndVerify(page, email);
  for (let attempt = 1; attempt <= 5; attempt++) {
    await logIn(page, "Wrong-password-1");
    // Each answer must arrive before the next try, or a navigation could cancel the last one.
    await expect(page.getByRole("alert")).toContainText(attempt < 5 ? "Incorrect email or password" : "locked");
  }
  await page.goto(`/unlock?email=${encodeURIComponent(email)}&token=gul_forged`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("alert")).toContainText("We couldn't unlock your account");
  await page.screenshot({ path: test.info().outputPath("login-unlock-failed.png"), fullPage: true });
});

test("forgot password, reset from the mail, and log in with the new password", async ({ page }) => {
  const email = uniqueEmail("reset");
  await signUpAndVerify(page, email);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account exists for ${email}`);

  const mail = await latestMail(page.request, email, /Reset your Gantry password/);
  await page.goto(linkPath(mail));
  await expect(page.locator('[data-page-marker="RESET PASSWORD PAGE"]')).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-pass-3");
  await page.getByLabel("Confirm new password").fill("Different-pass-3");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("alert")).toHaveText("Your confirmation password does not match your new password");

  await page.getByLabel("Confirm new password").fill("Brand-new-pass-3");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. Log in with your new password.");
  await logIn(page, "Brand-new-pass-3");
  await expect(page).toHaveURL(/\/landing$/);
});
