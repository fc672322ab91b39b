import { defineRoute } from './contract/define';
import { ZLoginResponse } from './schemas/auth';

/** The reset page opened without a usable link (issue 15): a text the spec does not give. */
export const PASSWORD_RESET_TEXTS = {
  /** /forgotpassword opened without the email and token of an emailed link */
  linkHelp: 'Open the link of the email exactly as it was sent, or ask for a new one with "Forgot password?".',
} as const;

/**
 * "Login as agent" and the way back (issue 15): the bar the shell shows while an administrator is in a
 * learner's account, and the route that gives the administrator their own session again.
 */
export const LOGIN_AS_TEXTS = {
  /** the bar's text; `name` is the learner's */
  bar: (name: string) => `You are signed in to the account of ${name}.`,
  back: 'Back to my account',
  /** the way back asked with a token of one's own account */
  notInAnotherAccount: 'You are signed in to your own account.',
} as const;

export const loginAsApi = {
  backToOwnAccount: defineRoute({
    method: 'POST',
    url: '/api/v1/login/back-to-own-account',
    access: 'signedIn',
    tags: ['auth'],
    summary:
      "Leave the agent's account opened with login-to-agent-account: the administrator's own session, which ends when the agent's session would have",
    response: ZLoginResponse,
  }),
};
