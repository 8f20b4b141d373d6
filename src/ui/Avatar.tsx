import { useState } from 'react';
import { avatarSrcSet } from '../domain/avatar';

type AvatarProps = {
  /** The photo's URL, or null for the initials. */
  url: string | null;
  firstName: string;
  lastName: string;
  /** 36 px in the header, 96 px on the profile. */
  size?: 'small' | 'large';
};

const initialsOf = (firstName: string, lastName: string) =>
  ((firstName.trim()[0] ?? '') + (lastName.trim()[0] ?? '')).toUpperCase() || '•';

/**
 * The user's photo, or the initials when there is none or it fails to load. Decorative: the name
 * beside it says who it is, so it is hidden from assistive technology.
 */
export function Avatar({ url, firstName, lastName, size = 'small' }: AvatarProps) {
  // The URL that failed, not a flag: a new photo gets its own chance to load.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const className = `avatar avatar--${size}`;
  if (url && url !== brokenUrl) {
    const side = size === 'small' ? 36 : 96;
    return (
      <img
        className={className}
        src={url}
        srcSet={avatarSrcSet(url)}
        sizes={`${side}px`}
        alt=""
        width={side}
        height={side}
        onError={() => setBrokenUrl(url)}
      />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(firstName, lastName)}
    </span>
  );
}
