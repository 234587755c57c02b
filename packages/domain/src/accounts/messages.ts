import { CODE_HOST_NAME } from "../product.js";

/**
 * What the server answers (SPEC §8 "Server text") and what the web app shows for it.
 * The server texts are a contract with clients, so they are kept exactly, lower case and all.
 */
export const SERVER_TEXT = {
  invalidCredentials: "invalid email or password.",
  accountLocked: "your account is locked.",
  unconfirmedEmail: "you have to confirm your email address before continuing.",
  identityNotFound: "couldn't find identity",
  workEmailRequired: "work email address is required.",
  alreadySignedUpPrefix: "user has already signed up with provider:",
  invalidPassword: "invalid password.",
  invalidEmail: "invalid email address.",
} as const;

export function alreadySignedUpText(provider: string): string {
  return `${SERVER_TEXT.alreadySignedUpPrefix}${provider}`;
}

/** How each sign-in provider is named to people. */
export const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  github: CODE_HOST_NAME,
  google_oauth2: "Google",
  azure_activedirectory_v2: "Microsoft",
  ldap: "LDAP",
  saml: "SAML",
};

export const LOGIN_MESSAGES = {
  invalidCredentials: "Incorrect email or password",
  accountLocked:
    "Your account has been locked after multiple consecutive failed login attempts. We've sent you an email with instructions on how to unlock it.",
  unconfirmedEmail: "Please verify your email address to proceed. Check your inbox for a verification email.",
  identityNotFound: "Account does not exist. Please sign up instead.",
  workEmailRequired:
    "Work email address is required. We recommend signing up with your work email account to help you connect with others in your company.",
  fallback: "Something went wrong, please try again",
} as const;

/** SPEC §8, Login: the server's text mapped to the message shown. */
export function loginErrorMessage(serverText: string | undefined): string {
  switch (serverText) {
    case SERVER_TEXT.invalidCredentials:
      return LOGIN_MESSAGES.invalidCredentials;
    case SERVER_TEXT.accountLocked:
      return LOGIN_MESSAGES.accountLocked;
    case SERVER_TEXT.unconfirmedEmail:
      return LOGIN_MESSAGES.unconfirmedEmail;
    case SERVER_TEXT.identityNotFound:
      return LOGIN_MESSAGES.identityNotFound;
    case SERVER_TEXT.workEmailRequired:
      return LOGIN_MESSAGES.workEmailRequired;
  }
  if (serverText?.startsWith(SERVER_TEXT.alreadySignedUpPrefix)) {
    const provider = serverText.slice(SERVER_TEXT.alreadySignedUpPrefix.length);
    if (provider === "email")
      return "Looks like you already have an account with us. Please log in using your email instead.";
    const name = PROVIDER_NAMES[provider];
    if (name) return `Looks like you already have an account with us. Please log in via ${name} instead.`;
  }
  return LOGIN_MESSAGES.fallback;
}

export const VERIFY_EMAIL_MESSAGES = {
  alreadyVerified: "Email already verified, please log in",
  invalidToken: "Invalid verification token, please request a new one below",
  expiredToken: "Verify email token expired, please request a new one below",
  unknown: "Unknown error, please try again",
} as const;

export const RESET_PASSWORD_MESSAGES = {
  invalidToken: "Invalid password reset token",
  blankToken: "Password reset token cannot be blank",
  confirmationMismatch: "Your confirmation password does not match your new password",
} as const;

export const UNLOCK_MESSAGES = {
  notLocked: "Account is not locked",
  invalidToken: "Invalid unlock token",
} as const;

/** SPEC §9: the page marker the reset-password page carries. */
export const RESET_PASSWORD_PAGE_MARKER = "RESET PASSWORD PAGE";
