/** Loopback ports of the e2e run: the app server and the SMTP peer (SMTP and its inbox over HTTP). */
export const E2E = { appPort: 18080, smtpPort: 18025, mailHttpPort: 18026 } as const;
