import * as v from 'valibot';

/** One network of the social networks screen (shell spec, section 3: name and linked). */
export const WireExternalAuth = v.object({
  name: v.picklist(['google', 'vkontakte', 'facebook', 'apple']),
  linked: v.boolean(),
  /** The link's id for DELETE /user-external-auths/{id}; only on a linked network. */
  id: v.optional(v.number()),
});
export type WireExternalAuth = v.InferOutput<typeof WireExternalAuth>;
