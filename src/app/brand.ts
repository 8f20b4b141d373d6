import { type BrandConfig, parseBrand } from '../../brands/schema';

/**
 * The brand of this page. The server writes it into index.html as JSON (`<script id="app-brand">`),
 * only this brand's: a school's learners never download the settings of every other school, and the
 * start chunk carries none. Under `vite dev` there is no such tag: the brands' own modules load and
 * the host name decides.
 */
export async function currentBrand(): Promise<BrandConfig> {
  const embedded = document.getElementById('app-brand')?.textContent;
  if (embedded) return parseBrand(JSON.parse(embedded));
  const { brandForHost } = await import('../../brands');
  return brandForHost(location.hostname);
}
