import { Trans, useLingui } from '@lingui/react/macro';
import { communityLink } from '../../domain/menu';
import type { Community } from '../../domain/startLists';
import { Dialog } from '../../ui/Dialog';

/**
 * The club entry's chooser (shell spec section 2): a dialog titled with the entry's label listing
 * the user's communities; each leads to that community on the brand's community site.
 */
export function ClubChooser({
  title,
  site,
  brandId,
  communities,
  onClose,
}: {
  title: string;
  site: string;
  brandId: string;
  communities: readonly Community[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Dialog title={title} closeLabel={t`Close`} onClose={onClose}>
      {communities.length === 0 ? (
        <p>
          <Trans>You are not in any community yet.</Trans>
        </p>
      ) : (
        <ul className="club-chooser">
          {communities.map((community) => (
            <li key={community.id}>
              <a
                href={communityLink(site, brandId, community)}
                target="_blank"
                rel="noopener"
                onClick={onClose}
              >
                {community.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
