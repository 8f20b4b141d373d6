/**
 * The header the service worker adds to an answer it read from its cache instead of the network.
 * A module of its own: the API client (in the sign-in page's JS) needs this name, and importing it
 * from the list of offline reads would keep that list in the sign-in page's JS too.
 */
export const OFFLINE_ANSWER_HEADER = 'X-Offline-Answer';
