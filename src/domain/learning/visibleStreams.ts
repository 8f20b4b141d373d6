/** Demo streams are shown only when the brand's isDemoAccessible flag allows them (content spec, section 4). */
export const visibleStreams = <S extends { isDemo: boolean }>(
  streams: readonly S[],
  isDemoAccessible: boolean,
): S[] => streams.filter((stream) => isDemoAccessible || !stream.isDemo);
