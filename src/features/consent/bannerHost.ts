/**
 * The cookie banner's host, by its one name: its class (consent.css), and its id in a page the server
 * sent with the banner already in it (server/consent-banner-page.tsx), whose host the app's banner
 * renders into (ConsentBannerHost.tsx).
 */
export const BANNER_HOST = 'consent-host';
