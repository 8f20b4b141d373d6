/**
 * Starts an image's download ahead of the element that will show it: the element, rendered a moment
 * later with the same URL, takes the image the browser already has or is loading. High priority, as
 * it is meant for the largest thing a page paints.
 */
export function preloadImage(url: string): void {
  const image = new Image();
  image.fetchPriority = 'high';
  image.src = url;
}
