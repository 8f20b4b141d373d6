import { type BrandConfig, brandById, brandForHost } from '../../brands';

/**
 * The brand of this page: the server names it in `<meta name="app-brand">` when it serves index.html;
 * under `vite dev` there is no such tag and the host name decides.
 */
export function currentBrand(): BrandConfig {
  const id = document.querySelector<HTMLMetaElement>('meta[name="app-brand"]')?.content;
  return (id && brandById(id)) || brandForHost(location.hostname);
}
