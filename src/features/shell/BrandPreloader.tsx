import { useLingui } from '@lingui/react/macro';
import { useBrand } from '../../app/hooks';
import { Logo } from '../../ui/Logo';
import { Preloader } from '../../ui/Preloader';

/** The start-up preloader: the brand's logo where the page's splash drew it, and the spinner. */
export function BrandPreloader() {
  const { t } = useLingui();
  const { logo, title } = useBrand().assets;
  return <Preloader label={t`Loading…`} logo={<Logo src={logo} title={title} />} />;
}
