import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describeTransition, type TransitionInfo } from './harness';

/**
 * A machine's shape as the report draws it: states nested as in the machine, each with the
 * transitions it declares. Plain data, so the report builder needs nothing but the coverage JSON.
 */
export type ChartNode = {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The id of the child entered first, for compound states. */
  initial: string | null;
  /** Ids of the actors this state invokes while it is active. */
  invokes: string[];
  transitions: TransitionInfo[];
  children: ChartNode[];
};

function nodeOf(node: AnyStateNode): ChartNode {
  const transitions = [...node.transitions.values()].flat().concat(node.always ?? []);
  const initial = node.type === 'compound' ? (node.initial?.target?.[0]?.id ?? null) : null;
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    initial,
    invokes: node.invoke.map((invoke: { id: string }) => invoke.id),
    transitions: transitions.map(describeTransition),
    children: Object.values(node.states as Record<string, AnyStateNode>).map(nodeOf),
  };
}

export const chartOf = (machine: AnyStateMachine): ChartNode => nodeOf(machine.root);

/** How an event reads on an arrow: invoked actors' outcomes and delays in words, guards in brackets. */
export function eventLabel(transition: TransitionInfo): string {
  const { event } = transition;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event);
  const after = /^xstate\.after\.([^.]+)\./.exec(event);
  const stateDone = /^xstate\.done\.state\./.test(event);
  const name = done
    ? `${done[1]} done`
    : error
      ? `${error[1]} failed`
      : after
        ? `after ${after[1]}`
        : stateDone
          ? 'all done'
          : event;
  return transition.guard ? `${name} [${transition.guard}]` : name;
}
