/**
 * The logic of an actor a machine only declares (its type, for the setup): the machine's provide
 * file in src/features gives the real one, a model test its own. Runs only if one forgot to, and
 * then fails the state that invoked it.
 */
export function unprovided(): never {
  throw new Error('machine.provide gave no actor');
}
