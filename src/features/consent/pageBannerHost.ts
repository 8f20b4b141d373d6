/**
 * The id of the banner's host in a page the server sent with the banner already in it
 * (server/consent-banner-page.tsx); the app's banner renders into it (ConsentBannerHost.tsx).
 */
export const PAGE_BANNER_HOST_ID = 'consent-host';
