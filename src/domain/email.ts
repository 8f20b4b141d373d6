/**
 * An e-mail address as people have them, the same rule in the app and on the server: a local part of
 * the usual characters (an apostrophe, a plus, …) in dot-separated runs, at a domain of two labels or
 * more ending in letters or an internationalised name's punycode (`xn--…`). Narrower than RFC 5322
 * (no quoted local part, no bare host name) and wider than patterns that turn away "o'brien@example.ie"
 * or "user@xn--bcher-kva.de".
 */
const EMAIL_ADDRESS =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?\.)+(?:[a-z]{2,63}|xn--[a-z\d-]{1,59})$/i;

export const isEmailAddress = (text: string): boolean => EMAIL_ADDRESS.test(text);
