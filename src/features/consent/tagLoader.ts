import type { BrandConfig } from '../../../brands';
import { BRAND_TAGS, configuredTags } from '../../domain/brandTags';
import type { CookiePolicy } from '../../domain/consent';
import { onConsentChange } from '../../platform/consentCookie';

type PixelQueue = ((...args: unknown[]) => unknown) & {
  queue: unknown[][];
  loaded: boolean;
  version: string;
  callMethod?: (...args: unknown[]) => unknown;
};
type TagWindow = Window & { dataLayer?: unknown[]; fbq?: PixelQueue };

/** The page's CSP nonce: the server puts it on the brand's style element (static.ts). */
const pageNonce = () => {
  // Browsers hide the attribute once the page has loaded and keep the value in the property.
  const style = document.querySelector<HTMLElement>('style[nonce]');
  return style?.nonce || style?.getAttribute('nonce') || '';
};

function addScript(id: string, src: string): void {
  const script = document.createElement('script');
  script.id = id;
  script.async = true;
  script.src = src;
  script.setAttribute('nonce', pageNonce());
  document.head.append(script);
}

/** The queues each tag's script reads when it arrives, as its vendor's own snippet would make them. */
function prepare(tag: 'gtm' | 'fbq', id: string): void {
  const tagWindow = window as TagWindow;
  if (tag === 'gtm') {
    tagWindow.dataLayer ??= [];
    tagWindow.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    return;
  }
  if (!tagWindow.fbq) {
    // The vendor's snippet: calls queue until the script arrives and installs `callMethod`.
    const fbq: PixelQueue = Object.assign(
      (...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue.push(args)),
      { queue: [] as unknown[][], loaded: true, version: '2.0' },
    );
    tagWindow.fbq = fbq;
  }
  tagWindow.fbq('init', id);
  tagWindow.fbq('track', 'PageView');
}

/**
 * Injects the brand's tag manager and pixel scripts, each once its consent category allows it, now
 * or when the choice changes. A script once loaded stays for the page's life (a tag cannot be
 * unloaded); taking the consent back keeps it from loading on the next page.
 */
export function loadBrandTags(brand: () => BrandConfig, policy: () => CookiePolicy): void {
  const inject = () => {
    const allowed = policy();
    for (const [tag, id] of configuredTags(brand())) {
      const scriptId = `brand-tag-${tag}`;
      if (!allowed[BRAND_TAGS[tag].category] || document.getElementById(scriptId)) continue;
      prepare(tag, id);
      addScript(scriptId, BRAND_TAGS[tag].script(id));
    }
  };
  inject();
  onConsentChange(inject);
}
