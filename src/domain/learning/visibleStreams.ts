/** Whether the brand shows a stream: a demo one only where its isDemoAccessible flag allows (content spec, section 4). */
export const isStreamShown = (stream: { isDemo: boolean }, isDemoAccessible: boolean): boolean =>
  isDemoAccessible || !stream.isDemo;

/** The streams the brand shows, in their order. */
export const visibleStreams = <S extends { isDemo: boolean }>(
  streams: readonly S[],
  isDemoAccessible: boolean,
): S[] => streams.filter((stream) => isStreamShown(stream, isDemoAccessible));
