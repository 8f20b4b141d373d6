/**
 * Loopback ports of the e2e run: the app server and the SMTP peer (SMTP and its inbox over HTTP).
 * E2E_PORT_OFFSET moves all three, so two checkouts can run their stories on one machine.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const E2E = {
  appPort: 18080 + offset,
  smtpPort: 18025 + offset,
  mailHttpPort: 18026 + offset,
} as const;
