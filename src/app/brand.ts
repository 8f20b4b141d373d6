import type { BrandConfig } from '../../brands/schema';

/**
 * The brand of this page. The server writes it into index.html as JSON (`<script id="app-brand">`),
 * only this brand's: a school's learners never download the settings of every other school, and the
 * start chunk carries none. The server checked every brand against the schema when it started
 * (`parseBrand`, which only checks and adds nothing), so the page takes it as it is: checking it
 * again here would put the whole brand schema into the sign-in page's JS. Under `vite dev` there is
 * no such tag: the brands' own modules load and the host name decides.
 */
export async function currentBrand(): Promise<BrandConfig> {
  const embedded = document.getElementById('app-brand')?.textContent;
  if (embedded) return JSON.parse(embedded) as BrandConfig;
  const { brandForHost } = await import('../../brands');
  return brandForHost(location.hostname);
}
