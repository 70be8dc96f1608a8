/**
 * SPEC part 8's toast texts used by the sign-in screens. A failure shows the server's own
 * message when it sent one; these are the defaults.
 */
export const messages = {
  loginSuccess: 'Login success',
  loginFailed: 'Failed to login',
  /** The super admin's login uses SPEC's variant with the exclamation mark. */
  superAdminLoginFailed: 'Failed to login!',
  logoutSuccess: 'Logout success',
  logoutFailed: 'Failed to logout',
  emailSent: 'Email send successfully',
  emailFailed: 'Failed to send email',
  passwordReset: 'Password reset successfully',
  passwordResetFailed: 'Failed reset password!',
  /**
   * Not in SPEC part 8: shown when a session check fails without a message of the server's
   * (an unreachable server, a proxy error page). It is what the server itself says for 401.
   */
  signInNeeded: 'Please sign in',
} as const;
