/** A subtitle track as media-chrome reads it, off until something turns it on. */
export type Track = { kind: 'subtitles'; language: string; label: string; mode: TextTrackMode };

export const track = (language: string, label: string): Track => ({
  kind: 'subtitles',
  language,
  label,
  mode: 'disabled',
});
