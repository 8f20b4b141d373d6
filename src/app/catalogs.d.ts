// Lingui's Vite plugin compiles .po catalogs into modules exporting `messages`.
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
