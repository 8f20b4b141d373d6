import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { OptionalCategory } from '../../../machines/consent/consent.machine';
import type { CookieCategory, CookiePolicy } from '../../domain/consent';

/**
 * The cookie categories with a switch each (shell spec, section 2: "The settings modal lists cookie
 * categories with toggles"). Essential has its switch on and locked: the site cannot run without it.
 */
export function CookieToggles({
  policy,
  disabled = false,
  onToggle,
}: {
  policy: CookiePolicy;
  disabled?: boolean;
  onToggle: (category: OptionalCategory) => void;
}) {
  const { t } = useLingui();
  const baseId = useId();
  const categories: { key: CookieCategory; title: string; text: string }[] = [
    {
      key: 'essential',
      title: t`Essential`,
      text: t`Keep the site working: signing in, your language and this choice. Always on.`,
    },
    {
      key: 'analytics',
      title: t`Analytics`,
      text: t`Help us see which pages are used, so we can improve them. No advertising.`,
    },
    {
      key: 'marketing',
      title: t`Marketing`,
      text: t`Let our advertising partners measure which of our ads brought you here.`,
    },
  ];
  return (
    <ul className="cookie-toggles">
      {categories.map(({ key, title, text }) => {
        const id = `${baseId}-${key}`;
        return (
          <li key={key} className="cookie-toggles__item">
            <div className="cookie-toggles__text">
              <label htmlFor={id} className="cookie-toggles__title">
                {title}
              </label>
              <p id={`${id}-text`} className="cookie-toggles__note">
                {text}
              </p>
            </div>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="cookie-toggles__switch"
              aria-describedby={`${id}-text`}
              aria-checked={policy[key]}
              checked={policy[key]}
              disabled={key === 'essential' || disabled}
              onChange={() => {
                if (key !== 'essential') onToggle(key);
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
