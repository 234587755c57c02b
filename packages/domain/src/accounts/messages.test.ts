import { describe, expect, it } from "vitest";
import { isWorkEmail } from "./email.js";
import { alreadySignedUpText, loginErrorMessage, SERVER_TEXT } from "./messages.js";

describe("login error messages (SPEC §8)", () => {
  it.each([
    [SERVER_TEXT.invalidCredentials, "Incorrect email or password"],
    [
      SERVER_TEXT.accountLocked,
      "Your account has been locked after multiple consecutive failed login attempts. We've sent you an email with instructions on how to unlock it.",
    ],
    [
      SERVER_TEXT.unconfirmedEmail,
      "Please verify your email address to proceed. Check your inbox for a verification email.",
    ],
    [SERVER_TEXT.identityNotFound, "Account does not exist. Please sign up instead."],
    [
      SERVER_TEXT.workEmailRequired,
      "Work email address is required. We recommend signing up with your work email account to help you connect with others in your company.",
    ],
    [
      alreadySignedUpText("github"),
      "Looks like you already have an account with us. Please log in via GitHub instead.",
    ],
    [
      alreadySignedUpText("google_oauth2"),
      "Looks like you already have an account with us. Please log in via Google instead.",
    ],
    [alreadySignedUpText("ldap"), "Looks like you already have an account with us. Please log in via LDAP instead."],
    [alreadySignedUpText("saml"), "Looks like you already have an account with us. Please log in via SAML instead."],
    [
      alreadySignedUpText("azure_activedirectory_v2"),
      "Looks like you already have an account with us. Please log in via Microsoft instead.",
    ],
    [
      alreadySignedUpText("email"),
      "Looks like you already have an account with us. Please log in using your email instead.",
    ],
    ["something unexpected", "Something went wrong, please try again"],
    [undefined, "Something went wrong, please try again"],
    [alreadySignedUpText("myspace"), "Something went wrong, please try again"],
  ])("%s → %s", (serverText, shown) => {
    expect(loginErrorMessage(serverText)).toBe(shown);
  });
});

describe("work email", () => {
  it("refuses free mail domains whatever their case and accepts company domains", () => {
    expect(isWorkEmail("ada@gmail.com")).toBe(false);
    expect(isWorkEmail("ada@GMAIL.COM")).toBe(false);
    expect(isWorkEmail("ada@acme.io")).toBe(true);
  });
});
