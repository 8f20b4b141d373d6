// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useDrawnInSlices } from '../../../src/ui/useDrawnInSlices';

/** A component that records what the hook answered in each of its renders. */
function Probe({ ready, answers }: { ready: boolean; answers: boolean[] }) {
  answers.push(useDrawnInSlices(ready));
  return null;
}

function probe() {
  const answers: boolean[] = [];
  return { answers, element: (ready: boolean) => createElement(Probe, { ready, answers }) };
}

describe('useDrawnInSlices', () => {
  it('answers false in a first render that is ready, true in the deferred one after it', async () => {
    const { answers, element } = probe();
    await act(async () => {
      render(element(true));
    });
    expect(answers).toEqual([false, true]);
  });

  it('turns true one deferred render after ready does, and false at once', async () => {
    const { answers, element } = probe();
    const view = render(element(false));
    answers.length = 0;
    await act(async () => {
      view.rerender(element(true));
    });
    expect(answers).toEqual([false, true]);
    answers.length = 0;
    await act(async () => {
      view.rerender(element(false));
    });
    expect(answers[0]).toBe(false);
    expect(answers).not.toContain(true);
  });
});
