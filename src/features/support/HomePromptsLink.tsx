import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useBrand } from '../../app/hooks';
import { loadAreaCatalog } from '../../app/i18n';
import { loadChunk } from '../../platform/chunkLoad';

// The prompts, their machine and their texts load only when the home page shows.
const HomePrompts = lazy(() =>
  loadChunk(() =>
    Promise.all([import('./HomePrompts'), loadAreaCatalog('account')]).then(([module]) => ({
      default: module.HomePrompts,
    })),
  ),
);

/** Mounted by the signed-in frame: the home page's prompts, on the home page only. */
export function HomePromptsLink() {
  const brand = useBrand();
  const onHome = useLocation({ select: (location) => location.pathname === brand.assets.homepage });
  if (!onHome) return null;
  return (
    <Suspense fallback={null}>
      <HomePrompts />
    </Suspense>
  );
}
