/** The size the brand logo is drawn at (CSS px), in the app's header and in the page's start-up splash. */
export const LOGO_SIZE = { width: 160, height: 40 } as const;
