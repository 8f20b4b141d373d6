import { LOGO_SIZE } from '../domain/logo';

/** The brand logo; its text alternative is the brand's title. */
export function Logo({ src, title }: { src: string; title: string }) {
  return <img src={src} alt={title} width={LOGO_SIZE.width} height={LOGO_SIZE.height} />;
}
