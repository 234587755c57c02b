/**
 * The pages people use before they are signed in, one lazily loaded chunk: they link to one
 * another (an invitation to sign-up to log-in), so moving between them needs no further load.
 */

export { InvalidInviteTokenPage } from "../organizations/invites/InvalidInviteTokenPage";
export { InvitePage } from "../organizations/invites/InvitePage";
export { ForgotPasswordPage } from "./ForgotPasswordPage";
export { LoginPage } from "./LoginPage";
export { ResetPasswordPage } from "./ResetPasswordPage";
export { SignUpPage } from "./SignUpPage";
export { UnlockPage } from "./UnlockPage";
export { VerifyEmailPage } from "./VerifyEmailPage";
