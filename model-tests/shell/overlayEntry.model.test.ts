import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { type OverlayEntryInput, overlayEntryMachine } from '../../machines/shell/overlayEntry.machine';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';

/** The freeze dialog (opened from `?dialog=freeze`) and the document viewer (which cannot be). */
const dialogFromCalendar: OverlayEntryInput = { shown: false, named: false, openable: true };
const dialogByLink: OverlayEntryInput = { shown: false, named: true, openable: true };
const viewerByLink: OverlayEntryInput = { shown: false, named: true, openable: false };
const viewerOpen: OverlayEntryInput = { shown: true, named: false, openable: false };
const dialogOpenByLink: OverlayEntryInput = { shown: true, named: true, openable: true };

const spec = {
  machine: overlayEntryMachine,
  spec: 'Learning issue: the freeze path opens its dialog over the calendar, and Back closes a dialog or the document viewer instead of leaving the page',
  inputs: [dialogFromCalendar, dialogByLink, viewerByLink, viewerOpen, dialogOpenByLink],
  events: [
    { type: 'OVERLAY.SHOWN' },
    { type: 'OVERLAY.HIDDEN' },
    { type: 'OVERLAY.CLOSE' },
    { type: 'ADDRESS.NAMED' },
    // Forward onto the entry of an overlay its page no longer offers.
    { type: 'ADDRESS.NAMED', offered: false },
    { type: 'ADDRESS.UNNAMED' },
    { type: 'OVERLAY.REFUSED' },
  ],
};

describeModel(spec);

/** Runs the events (by type, or whole) in order and answers the effects asked for, by name. */
async function effectsOf(
  input: OverlayEntryInput,
  events: readonly (AnyEventObject['type'] | AnyEventObject)[],
) {
  const running = startMachine(spec, input);
  for (const event of events) await running.dispatch(typeof event === 'string' ? { type: event } : event);
  return running.effects.map((effect) => effect.name);
}

describe('an overlay in the history', () => {
  it('adds an entry when shown from its page, and takes it back off when its own control closes it', async () => {
    expect(
      await effectsOf(dialogFromCalendar, [
        'OVERLAY.SHOWN',
        'ADDRESS.NAMED',
        'OVERLAY.CLOSE',
        'ADDRESS.UNNAMED',
      ]),
    ).toEqual(['addEntry', 'takeEntryBack']);
  });

  it('closes when Back takes its entry off, and asks nothing of the history then', async () => {
    expect(
      await effectsOf(dialogFromCalendar, ['OVERLAY.SHOWN', 'ADDRESS.NAMED', 'ADDRESS.UNNAMED']),
    ).toEqual(['addEntry', 'closeOverlay']);
  });

  it('opens again on Forward where its address can open it, and steps back off the entry where not', async () => {
    const backThenForward = [
      'OVERLAY.SHOWN',
      'ADDRESS.NAMED',
      'ADDRESS.UNNAMED',
      'OVERLAY.HIDDEN',
      'ADDRESS.NAMED',
    ];
    expect(await effectsOf(dialogFromCalendar, backThenForward)).toEqual([
      'addEntry',
      'closeOverlay',
      'openOverlay',
    ]);
    expect(await effectsOf(viewerOpen, backThenForward.slice(1))).toEqual([
      'addEntry',
      'closeOverlay',
      'takeEntryBack',
    ]);
  });

  it('opened by a link, drops its name in place when closed, so a reload does not open it again', async () => {
    expect(await effectsOf(dialogByLink, ['OVERLAY.SHOWN', 'OVERLAY.CLOSE'])).toEqual([
      'openOverlay',
      'dropFromAddress',
    ]);
    expect(await effectsOf(dialogOpenByLink, ['OVERLAY.CLOSE'])).toEqual(['dropFromAddress']);
  });

  it('named by a link its page will not show it for, stops being named', async () => {
    expect(await effectsOf(dialogByLink, ['OVERLAY.REFUSED', 'OVERLAY.REFUSED'])).toEqual([
      'openOverlay',
      'dropFromAddress',
    ]);
    expect(await effectsOf(dialogFromCalendar, ['OVERLAY.REFUSED'])).toEqual([]);
  });

  it('on Forward onto its entry once its page no longer offers it, stays shut and drops its name', async () => {
    const backThenForward = [
      'OVERLAY.SHOWN',
      'ADDRESS.NAMED',
      'ADDRESS.UNNAMED',
      'OVERLAY.HIDDEN',
      { type: 'ADDRESS.NAMED', offered: false },
      // The name dropped in place: the address stops naming it, and nothing more is asked.
      'ADDRESS.UNNAMED',
    ];
    expect(await effectsOf(dialogFromCalendar, backThenForward)).toEqual([
      'addEntry',
      'closeOverlay',
      'dropFromAddress',
    ]);
  });

  it('named by a link it cannot be opened from, stops being named', async () => {
    expect(await effectsOf(viewerByLink, [])).toEqual(['dropFromAddress']);
  });
});
