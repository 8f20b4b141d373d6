/** The brand logo; its text alternative is the brand's title. */
export function Logo({ src, title }: { src: string; title: string }) {
  return <img src={src} alt={title} width={160} height={40} />;
}
