import * as v from 'valibot';

/** One network of the social networks screen (shell spec, section 3: name and linked). */
export const WireExternalAuth = v.object({
  name: v.picklist(['google', 'vkontakte', 'facebook', 'apple']),
  linked: v.boolean(),
  /** The link's id for DELETE /user-external-auths/{id}; only on a linked network. */
  id: v.optional(v.number()),
  /**
   * False for a network still linked that this site no longer offers: it is listed only so that its
   * link can be removed, and once unlinked it cannot be linked again here.
   */
  offered: v.boolean(),
});
export type WireExternalAuth = v.InferOutput<typeof WireExternalAuth>;
