/** The full-page loader shown while the app starts; its text is passed in already translated. */
export function Preloader({ label }: { label: string }) {
  return (
    <div className="preloader" role="status" aria-label={label}>
      <span className="preloader__spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
