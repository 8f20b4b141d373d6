import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';
import { reportAction } from '../consent/reportAction';

/**
 * The anchor under BackLink: reports the back action, then does what the router's link does. The
 * router marks a link to a page that holds this one (the calendar, from one of its days) as the
 * current page; a way back never is, so a screen reader is not told so.
 */
const BackAnchor = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement>>(function BackAnchor(
  { href, onClick, 'aria-current': _current, ...props },
  ref,
) {
  return (
    <a
      ref={ref}
      href={href}
      {...props}
      onClick={(event) => {
        reportAction('back');
        onClick?.(event);
      }}
    />
  );
});

/**
 * A "Back to …" link: a typed router link that reports the spec's back action to analytics (shell
 * spec: "Burger and back actions are reported to analytics"; nothing leaves without consent).
 */
export const BackLink = createLink(BackAnchor);
