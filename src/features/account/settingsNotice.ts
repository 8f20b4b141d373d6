/** The settings page's `changed` query after a flow returned there: what it confirms. */
export const PASSWORD_CHANGED = 'password';
