import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type Materials, materialsMachine } from '../../machines/learning/materials.machine';
import { MaterialsView } from '../../src/features/learning/materials/MaterialsScreen';
import { done, failed, networkError, networkReturned, requestError, session } from '../fixtures';
import { startMachine } from '../harness';
import { describeModel } from '../modelSuite';
import { notice } from '../screenQueries';
import { click, networkReturns } from '../userActions';
import { seesCourseNotAvailable } from './learningFixtures';

const withDocuments: Materials = {
  courseTitle: 'Strong back',
  documents: [
    {
      id: 1,
      title: 'Exercise guide',
      url: null,
      file: {
        id: 9,
        type: 'document',
        name: 'guide.pdf',
        url: '/media/files/9/guide.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 1200,
        urls: null,
      },
    },
    { id: 2, title: 'Weekly plan', url: '/media/files/10/plan.xlsx', file: null },
    { id: 3, title: 'Posture tips', url: 'https://example.com/posture', file: null },
  ],
};
const withoutDocuments: Materials = { courseTitle: 'Strong back', documents: [] };

const spec = {
  machine: materialsMachine,
  spec: 'Learning spec §2 Materials page: the course documents (demo streams per isDemoDocumentsAccessible), the empty text, the load error',
  inputs: [{ streamId: 5 }, { streamId: null }],
  screen: {
    view: MaterialsView,
    setting: { path: '/course/5/materials', session },
    actions: { 'MATERIALS.RETRY': click('Try again'), 'NETWORK.RETURNED': networkReturns },
    sees: [
      {
        when: (snapshot: AnyMachineSnapshot) => !snapshot.matches('notFound'),
        see: () => expect(screen.getByRole('heading', { name: 'Materials' })).toBeTruthy(),
      },
      { state: 'notFound', see: seesCourseNotAvailable },
      {
        state: 'loading',
        see: () => expect(screen.getByRole('status').textContent).toBe('Loading the materials…'),
      },
      {
        state: 'loaded',
        see: () => {
          expect(screen.getByRole('button', { name: 'Exercise guide' })).toBeTruthy();
          expect(screen.getByRole('button', { name: 'Weekly plan' })).toBeTruthy();
          // Another site's page leaves the app for a new window.
          const link = screen.getByRole('link', { name: 'Posture tips (opens in a new window)' });
          expect(link.getAttribute('target')).toBe('_blank');
          expect(link.getAttribute('rel')).toBe('noopener noreferrer');
          expect(screen.queryByText('It looks like there are no materials here.')).toBeNull();
        },
      },
      {
        state: 'empty',
        see: () => expect(screen.getByText('It looks like there are no materials here.')).toBeTruthy(),
      },
      { state: 'failed', see: () => expect(notice()).toBe('Failed to load the materials.') },
    ],
  },
  events: [
    { type: 'MATERIALS.RETRY' },
    networkReturned,
    done('loadMaterials', withDocuments),
    done('loadMaterials', withoutDocuments),
    failed('loadMaterials', networkError),
    failed('loadMaterials', requestError(404, 'Not found')),
  ],
};

describeModel(spec);

describe('materials', () => {
  it("loads the stream's materials and retries after a failure", async () => {
    const running = startMachine(spec, { streamId: 5 });
    expect(running.fakes.inputOf('loadMaterials')).toEqual({ streamId: 5 });
    await running.dispatch(failed('loadMaterials', networkError));
    expect(running.snapshot().value).toBe('failed');
    await running.dispatch({ type: 'MATERIALS.RETRY' });
    await running.dispatch(done('loadMaterials', withDocuments));
    expect(running.snapshot().value).toBe('loaded');
    expect(running.snapshot().context.documents).toHaveLength(3);
  });
});

describe('materials of a stream that is not the learner’s', () => {
  it('says the course is not available, with nothing to retry, by hand or on the network’s return', async () => {
    const running = startMachine(spec, { streamId: 999 });
    await running.dispatch(failed('loadMaterials', requestError(404, 'Not found')));
    expect(running.snapshot().value).toBe('notFound');
    expect(running.snapshot().can({ type: 'MATERIALS.RETRY' })).toBe(false);
    expect(running.snapshot().can(networkReturned)).toBe(false);
  });

  it('does not ask for a stream the address cannot name', () => {
    const running = startMachine(spec, { streamId: null });
    expect(running.snapshot().value).toBe('notFound');
    expect(running.fakes.inputOf('loadMaterials')).toBeUndefined();
  });
});
